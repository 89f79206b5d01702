import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
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
 * address looping on pages as fast as it can is refused past its share, while another visitor
 * gets every page and their message is stored and e-mailed once. How long that visitor's pages
 * take beside a quiet site is a figure of `npm run bench:resilience`, not a test. Addresses are
 * loopback ones (127.0.0.0/8 is all local), as in the deployment test.
 */

const VISIT_PAGES = ['/fr', '/en', '/fr/mentions-legales', '/en/helene-sorel', '/fr/blog'];
/** A quick visitor: a page every 200 ms or so, every page kind six times. */
const VISIT_REQUESTS = 30;
const VISIT_PAUSE_MS = 200;
const FLOODER = '127.7.0.1';
const FLOOD_CONNECTIONS = 8;

let site: ShippedSite;
let sink: SmtpSink;
let nginx: RunningNginx;
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
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = https.request(
        `${nginx.httpsUrl}${pathname}`,
        {
          method,
          agent,
          // A safety net against a hang, not a speed check (speed: npm run bench:resilience).
          timeout: 30_000,
          headers: body
            ? { 'content-type': 'application/json', origin: siteUrl, 'accept-language': 'fr' }
            : { 'accept-encoding': 'gzip' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
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

/** A visitor following links quickly; resolves with each page's status. */
async function visit(address: string, during?: (index: number) => Promise<void>) {
  const { request, close } = visitor(address);
  const statuses: number[] = [];
  try {
    for (let i = 0; i < VISIT_REQUESTS; i += 1) {
      statuses.push((await request('GET', VISIT_PAGES[i % VISIT_PAGES.length]!)).status);
      await during?.(i);
      await new Promise((resolve) => setTimeout(resolve, VISIT_PAUSE_MS));
    }
  } finally {
    close();
  }
  return statuses;
}

/** nginx's access log (combined format), one request a line, in the order they ended. */
const accessLog = () =>
  readFileSync(path.join(nginx.dir, 'logs/access.log'), 'utf8').split('\n').filter(Boolean);
const from = (address: string, status?: number) => (line: string) =>
  line.startsWith(`${address} `) && (status === undefined || line.includes(`" ${status} `));

/** A message sent through nginx from its own address; its stored rows and the e-mails naming it. */
async function sendMessage(address: string) {
  const message = validMessage();
  const { request, close } = visitor(address);
  const answer = await request('POST', '/api/contact', JSON.stringify(message));
  close();
  return { message, answer };
}

beforeAll(async () => {
  sink = await SmtpSink.start('up');
  site = await startShippedSite('flood', () => ({
    SMTP_URL: sink.url,
    CONTACT_TO: 'cabinet@example.com',
    CONTACT_FROM: 'Site <site@example.com>',
    CONTACT_OUTBOX_POLL_MS: '1000',
  }));
  ({ nginx, siteUrl } = site);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await sink?.close();
});

describe('one address flooding the site through the shipped nginx', () => {
  it('is answered 429 past its share while another visitor gets every page and their message goes through once', async () => {
    // The flooder runs in its own process (autocannon from one address), niced so that its own
    // work stands for another machine's, not for the server's. It floods until it is stopped.
    const flooding = spawn(
      'nice',
      [
        '-n',
        '19',
        process.execPath,
        path.resolve(__dirname, '../../harness/flood.mjs'),
        `${nginx.httpsUrl}/fr`,
        FLOODER,
        String(FLOOD_CONNECTIONS),
        '600',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let floodOutput = '';
    flooding.stdout.on('data', (chunk: Buffer) => (floodOutput += chunk.toString()));
    const floodEnded = new Promise<number | null>((resolve) => flooding.once('close', resolve));
    let message: ReturnType<typeof validMessage> | undefined;
    let sent: { status: number; body: string } | undefined;
    let statuses: number[];
    try {
      // The flood is under way once nginx refuses the flooder.
      await expect.poll(() => accessLog().some(from(FLOODER, 429)), { timeout: 60_000 }).toBe(true);
      statuses = await visit('127.6.0.3', async (i) => {
        if (i === 10) ({ message, answer: sent } = await sendMessage('127.6.0.3'));
      });
      // The whole visit was flooded: nginx refuses the flooder after the visitor's last page too.
      await expect
        .poll(
          () => {
            const log = accessLog();
            return log.slice(log.findLastIndex(from('127.6.0.3')) + 1).some(from(FLOODER, 429));
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    } finally {
      flooding.kill('SIGTERM');
    }
    expect(await floodEnded).toBe(0);
    const flooded = JSON.parse(floodOutput.trim().split('\n').at(-1)!) as {
      total: number;
      errors: number;
      statuses: Record<string, number>;
      seconds: number;
    };
    const answered = flooded.statuses['200'] ?? 0;
    console.info(
      `[flood] flooder ${FLOODER}, ${FLOOD_CONNECTIONS} connections, ${flooded.seconds.toFixed(1)} s: ${flooded.total} requests, by status ${JSON.stringify(flooded.statuses)}, errors ${flooded.errors}`,
    );

    // The flooder: refused past its burst and its rate, with nothing but 200 and 429.
    expect(flooded.statuses['429'] ?? 0).toBeGreaterThan(answered);
    expect(Object.keys(flooded.statuses).sort()).toEqual(['200', '429']);
    // The shipped limit (60 at once, then 10 a second), over the time the flooder itself counted.
    expect(answered).toBeLessThanOrEqual(60 + 10 * Math.ceil(flooded.seconds + 1));

    // The visitor: every page, and the message stored and e-mailed once.
    expect(statuses).toEqual(Array(VISIT_REQUESTS).fill(200));
    expect(sent?.status, sent?.body).toBe(201);
    await expectStoredAndMailedOnce(site, sink, message!.name);
  }, 180_000);
});
