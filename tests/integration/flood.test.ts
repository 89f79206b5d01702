import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningNginx } from '../../scripts/nginx.mjs';
import { validMessage } from '../support/contact';
import {
  expectStoredAndMailedOnce,
  startShippedSite,
  type ShippedSite,
} from '../support/shipped-site';
import { SmtpSink } from '../support/smtp-sink';

/**
 * The shipped nginx site's per-address limits (deploy/nginx/sorel-aubry-avocats.conf): one
 * address looping on pages as fast as it can does not slow another visitor's pages nor lose
 * their message. Addresses are loopback ones (127.0.0.0/8 is all local), as in the deployment
 * test.
 */

const VISIT_PAGES = ['/fr', '/en', '/fr/mentions-legales', '/en/helene-sorel', '/fr/blog'];
/** A quick visitor: a page every 200 ms, 60 pages (12 s). */
const VISIT_REQUESTS = 60;
const VISIT_PAUSE_MS = 200;
const FLOODER = '127.7.0.1';
const FLOOD_CONNECTIONS = 8;

let site: ShippedSite;
let sink: SmtpSink;
let nginx: RunningNginx;
let database: Pool;
let siteUrl: string;

/** One visitor: one keep-alive connection from its own address, as a browser keeps. */
function visitor(address: string) {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 1,
    localAddress: address,
    ca: readFileSync(nginx.certFile),
  });
  const request = (method: string, pathname: string, body?: string) =>
    new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const req = https.request(
        `${nginx.httpsUrl}${pathname}`,
        {
          method,
          agent,
          timeout: 30_000,
          headers: body
            ? { 'content-type': 'application/json', origin: siteUrl, 'accept-language': 'fr' }
            : { 'accept-encoding': 'gzip' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${pathname}: no answer in 30 s`)));
      req.on('error', reject);
      req.end(body);
    });
  return { request, close: () => agent.destroy() };
}

/** A visitor following links quickly; resolves with each page's status and time. */
async function visit(address: string, during?: (index: number) => Promise<void>) {
  const { request, close } = visitor(address);
  const pages: { status: number; ms: number }[] = [];
  try {
    for (let i = 0; i < VISIT_REQUESTS; i += 1) {
      const { status, ms } = await request('GET', VISIT_PAGES[i % VISIT_PAGES.length]!);
      pages.push({ status, ms });
      await during?.(i);
      await new Promise((resolve) => setTimeout(resolve, VISIT_PAUSE_MS));
    }
  } finally {
    close();
  }
  return pages;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]!;
};
const times = (pages: { ms: number }[]) =>
  `p50 ${percentile(
    pages.map((page) => page.ms),
    0.5,
  ).toFixed(0)} ms, p99 ${percentile(
    pages.map((page) => page.ms),
    0.99,
  ).toFixed(0)} ms`;

beforeAll(async () => {
  sink = await SmtpSink.start('up');
  site = await startShippedSite('flood', () => ({
    SMTP_URL: sink.url,
    CONTACT_TO: 'cabinet@example.com',
    CONTACT_FROM: 'Site <site@example.com>',
    CONTACT_OUTBOX_POLL_MS: '1000',
  }));
  ({ nginx, database, siteUrl } = site);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await sink?.close();
});

describe('one address flooding the site through the shipped nginx', () => {
  it('is answered 429 past its share while another visitor’s pages keep their time and their message goes through once', async () => {
    // Every page rendered once, so that neither run pays for a first render.
    const warm = await visit('127.6.0.1');
    expect(warm.map((page) => page.status)).toEqual(Array(VISIT_REQUESTS).fill(200));

    const quiet = await visit('127.6.0.2');

    // The flooder runs in its own process (autocannon from one address), niced so that its own
    // work stands for another machine's, not for the server's.
    const floodSeconds = Math.ceil((VISIT_REQUESTS * (VISIT_PAUSE_MS + 100)) / 1000) + 4;
    const flood = promisify(execFile)(
      'nice',
      [
        '-n',
        '19',
        process.execPath,
        path.resolve(__dirname, '../support/flood.mjs'),
        `${nginx.httpsUrl}/fr`,
        FLOODER,
        String(FLOOD_CONNECTIONS),
        String(floodSeconds),
      ],
      { timeout: (floodSeconds + 30) * 1000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const message = validMessage();
    let sent: { status: number; body: string } | undefined;
    const { request, close } = visitor('127.6.0.3');
    const loaded = await visit('127.6.0.3', async (i) => {
      if (i === 10) sent = await request('POST', '/api/contact', JSON.stringify(message));
    });
    close();
    const { stdout } = await flood;
    const flooded = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      total: number;
      errors: number;
      statuses: Record<string, number>;
    };

    const quietP99 = percentile(
      quiet.map((page) => page.ms),
      0.99,
    );
    const floodedP99 = percentile(
      loaded.map((page) => page.ms),
      0.99,
    );
    const answered = flooded.statuses['200'] ?? 0;
    console.info(
      [
        `[flood] flooder ${FLOODER}, ${FLOOD_CONNECTIONS} connections, ${floodSeconds} s: ${flooded.total} requests, by status ${JSON.stringify(flooded.statuses)}, errors ${flooded.errors}`,
        `[flood] visitor, ${VISIT_REQUESTS} pages: quiet ${times(quiet)}; during the flood ${times(loaded)}`,
      ].join('\n'),
    );

    // The flooder: refused past its burst and its rate, with nothing but 200 and 429.
    expect(flooded.statuses['429'] ?? 0).toBeGreaterThan(answered);
    expect(Object.keys(flooded.statuses).sort()).toEqual(['200', '429']);
    // The shipped rate: 60 at once, then 10 a second.
    expect(answered).toBeLessThanOrEqual(60 + 10 * (floodSeconds + 1));

    // The visitor: every page, in its usual time, and the message stored and e-mailed once.
    expect(quiet.map((page) => page.status)).toEqual(Array(VISIT_REQUESTS).fill(200));
    expect(loaded.map((page) => page.status)).toEqual(Array(VISIT_REQUESTS).fill(200));
    expect(floodedP99).toBeLessThanOrEqual(2 * quietP99);
    expect(sent?.status, sent?.body).toBe(201);
    await expectStoredAndMailedOnce(database, sink, message.name);
  }, 180_000);
});
