import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyVisitors, type RunningNginx } from '../../scripts/nginx.mjs';
import { validMessage } from '../support/contact';
import { startShippedSite, type ShippedSite } from '../support/shipped-site';
import { SmtpSink } from '../support/smtp-sink';
import { startUnitInstance, type UnitInstance } from '../support/unit-instance';

/**
 * The deployment as shipped (deploy/): the nginx site, two instances started from the systemd
 * unit, one PostgreSQL database and an SMTP server, all on loopback. Visitors are told apart by
 * the loopback address they connect from (127.0.0.0/8 is all local), so nginx sees each
 * visitor's own address while the instances only ever see nginx's, 127.0.0.1.
 */

const LOAD_SECONDS = 60;
const LOAD_CONNECTIONS = 200;

let site: ShippedSite;
let database: Pool;
let sink: SmtpSink;
let nginx: RunningNginx;
let siteUrl: string;
let envFile: string;
let instances: UnitInstance[];

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request through nginx over TLS (HTTP/1.1), from the given loopback address. */
function request(
  method: string,
  pathname: string,
  options: { from?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${nginx.httpsUrl}${pathname}`,
      {
        method,
        ca: readFileSync(nginx.certFile),
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: options.headers,
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${pathname}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A contact message posted through nginx by the visitor at `from`. */
function postContact(from: string, message = validMessage(), headers: Record<string, string> = {}) {
  return request('POST', '/api/contact', {
    from,
    body: JSON.stringify(message),
    headers: {
      'content-type': 'application/json',
      origin: siteUrl,
      'accept-language': 'fr',
      ...headers,
    },
  });
}

/** A contact message posted straight to one instance, as nginx forwards it. */
async function postToInstance(instance: UnitInstance, visitor: string, message = validMessage()) {
  const response = await fetch(`${instance.url}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: siteUrl,
      'x-forwarded-for': visitor,
      'x-forwarded-proto': 'https',
    },
    body: JSON.stringify(message),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/** nginx's error log, each kind of line counted (times and request details stripped). */
function nginxErrors(): string {
  const log = readFileSync(path.join(nginx.dir, 'logs/error.log'), 'utf8');
  const kinds = new Map<string, number>();
  for (const line of log.split('\n').filter(Boolean)) {
    const kind = line
      .replace(/^\S+ \S+ \[(\w+)\] \d+#\d+: \*?\d* ?/, '[$1] ')
      .replace(/, client: .*$/, '');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, count]) => `  ${count} × ${kind}`).join('\n') || '  (empty)';
}

/** A distinct visitor address per message number: 127.1.x.y. */
const visitor = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

interface StoredRow {
  id: string;
  name: string;
  delivered_at: string | null;
}
const storedRows = async () =>
  (
    await database.query<StoredRow>(
      'SELECT id, name, delivered_at FROM contact_messages ORDER BY created_at',
    )
  ).rows;

/** Every message name each e-mail names in its subject. */
const mailedNames = () =>
  sink.received.map((mail) => (mail.headers.subject ?? '').replace(/^.*— /, ''));

beforeAll(async () => {
  sink = await SmtpSink.start('up');
  site = await startShippedSite('deployment', () => ({
    SMTP_URL: sink.url,
    CONTACT_TO: 'cabinet@example.com',
    CONTACT_FROM: 'Site <site@example.com>',
    // The outbox looks for due messages every second rather than every 5.
    CONTACT_OUTBOX_POLL_MS: '1000',
  }));
  ({ database, nginx, siteUrl, envFile, instances } = site);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await sink?.close();
});

describe('the shipped nginx site in front of two instances', () => {
  it('serves HTTPS over HTTP/2 and redirects plain HTTP to HTTPS', async () => {
    const session = http2.connect(nginx.httpsUrl, { ca: readFileSync(nginx.certFile) });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/fr' });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
    const plain = await fetch(`${nginx.httpUrl}/fr/contact?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://www.sorel-aubry-avocats.fr/fr/contact?x=1');
  });

  it('caches build files as immutable and refuses a body larger than the API’s limit', async () => {
    const page = await request('GET', '/fr');
    // The stylesheet is inlined (next.config.ts, experimental.inlineCss); the scripts are files.
    const asset = /\/_next\/static\/[^"]+\.js/.exec(page.body)?.[0];
    expect(asset, 'a script loaded by /fr').toBeTruthy();
    const first = await request('GET', asset!);
    const second = await request('GET', asset!);
    expect(first.status).toBe(200);
    expect(second.headers['cache-control']).toMatch(/immutable/);
    expect(second.headers['x-cache-status']).toBe('HIT');

    const tooLarge = await postContact('127.2.0.1', validMessage({ message: 'x'.repeat(40_000) }));
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ message: expect.stringMatching(/32 K/) });
  });
});

describe('limits shared by the instances (PostgreSQL)', () => {
  it('answers the sixth message from one address with 429 and Retry-After, whichever instance', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(await postToInstance(instances[i % 2]!, '198.51.100.7'));
    console.info(
      `[deployment] six messages, alternating instances: ${answers.map((a) => a.status).join(' ')}`,
    );
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]!.status).toBe(429);
    expect(Number(answers[5]!.retryAfter)).toBeGreaterThan(500);
    expect(Number(answers[5]!.retryAfter)).toBeLessThanOrEqual(600);
  });

  it('counts the visitor’s address, not nginx’s, even when the visitor forges X-Forwarded-For', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await postContact('127.3.0.5')).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const sixth = await postContact('127.3.0.5', validMessage(), {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBeTruthy();
    // Another visitor, through the same nginx (the same 127.0.0.1 for the instances), is not
    // limited by the first one's messages.
    expect((await postContact('127.3.0.6')).status).toBe(201);
    // What the limiter stored: the visitors' addresses, never nginx's or the forged one.
    const keys = (
      await database.query<{ key: string; points: number }>(
        'SELECT key, points FROM contact_rate_limits',
      )
    ).rows.map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(['contact:127.3.0.5', 'contact:127.3.0.6']));
    expect(keys).not.toContain('contact:127.0.0.1');
    expect(keys).not.toContain('contact:203.0.113.9');
  });
});

describe('under load, with a rolling restart', () => {
  it(`${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s while one instance is stopped and started again: no failed GET, no lost or doubled message`, async () => {
    const started = Date.now();
    const load = autocannon({
      url: `${nginx.httpsUrl}/fr`,
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS,
      timeout: 30,
      // Many visitors, each connection from its own address, under the site's per-address limits.
      ...manyVisitors(),
    });
    // Contact messages all along, each from its own visitor, two a second, sent as the form sends
    // them (components/contact/contact-form-client.tsx): with a submission id, and sent again
    // 1 s then 3 s later when the answer is lost or a proxy's 502, 503 or 504.
    const posts: Promise<
      | { name: string; status: number; body: string; resends: number }
      | { name: string; error: string; resends: number }
    >[] = [];
    let n = 0;
    const poster = setInterval(() => {
      const message = validMessage({ submissionId: randomUUID() });
      const from = visitor((n += 1));
      posts.push(
        (async () => {
          for (let resends = 0; ; resends += 1) {
            const delay = [1_000, 3_000][resends];
            try {
              const answer = await postContact(from, message);
              if (![502, 503, 504].includes(answer.status) || delay === undefined)
                return { name: message.name, status: answer.status, body: answer.body, resends };
            } catch (error) {
              if (delay === undefined) return { name: message.name, error: String(error), resends };
            }
            await new Promise((resolve) => setTimeout(resolve, delay));
          }
        })(),
      );
    }, 500);

    // 15 s into the load, `systemctl restart` of the first instance: SIGTERM, then a new one
    // on the same port from the same unit.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const stopping = instances[0]!;
    const stopped = await stopping.stop();
    const restartedAt = Date.now();
    instances[0] = await startUnitInstance(envFile, { port: stopping.port });
    const restartMs = Date.now() - restartedAt;

    const result = await load;
    clearInterval(poster);
    const outcomes = await Promise.all(posts);
    const elapsed = ((Date.now() - started) / 1000).toFixed(1);

    const byStatus = new Map<string, number>();
    for (const outcome of outcomes) {
      const key = 'status' in outcome ? String(outcome.status) : 'error';
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    console.info(
      [
        `[deployment] load through nginx: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s (${elapsed} s with the last messages)`,
        `  GET /fr: ${result.requests.total} requests, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
        `  2xx ${result['2xx']}, non-2xx ${result.non2xx}, 5xx ${result['5xx']}, errors ${result.errors}, timeouts ${result.timeouts}`,
        `  instance on port ${stopping.port}: SIGTERM → exit ${stopped.code ?? stopped.signal} after ${stopped.ms} ms, started again in ${restartMs} ms`,
        `  contact messages during the load: ${outcomes.length}, by final status ${JSON.stringify(Object.fromEntries(byStatus))}, sent again ${outcomes.reduce((sum, o) => sum + o.resends, 0)} times`,
        `  nginx error log:\n${nginxErrors()}`,
      ].join('\n'),
    );

    expect(result.requests.total).toBeGreaterThan(0);
    expect(result.timeouts).toBe(0);
    expect(result.errors).toBe(0);
    expect(result['5xx']).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(stopped.code).toBe(143);

    // Every message is accepted in the end (a copy cut by the restart is offered to the other
    // instance by nginx, or sent again by its sender, always under the same id), stored once
    // and e-mailed once.
    const accepted = outcomes.filter((o) => 'status' in o && o.status === 201).map((o) => o.name);
    const refused = outcomes.filter((o) => !('status' in o) || o.status !== 201);
    expect(refused).toEqual([]);
    expect(accepted.length).toBe(outcomes.length);
    await expect
      .poll(() => mailedNames().filter((name) => accepted.includes(name)).length, {
        timeout: 60_000,
      })
      .toBe(accepted.length);
    await expect
      .poll(
        async () =>
          (await storedRows()).filter((row) => accepted.includes(row.name) && row.delivered_at)
            .length,
        {
          timeout: 60_000,
        },
      )
      .toBe(accepted.length);
    const rows = await storedRows();
    const names = rows.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of accepted) expect(names.filter((stored) => stored === name)).toHaveLength(1);
    for (const outcome of refused) expect(names).not.toContain(outcome.name);
    const mailed = mailedNames();
    for (const name of accepted) expect(mailed.filter((m) => m === name)).toHaveLength(1);
    expect(new Set(mailed).size).toBe(mailed.length);
  }, 240_000);
});

describe('delivery with both outbox workers running', () => {
  it('stores 50 messages posted through nginx and e-mails each exactly once', async () => {
    const before = sink.received.length;
    const messages = Array.from({ length: 50 }, () => validMessage());
    const answers = await Promise.all(
      messages.map((message, i) => postContact(`127.4.0.${i + 1}`, message)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const names = messages.map((m) => m.name);
    const rows = (await storedRows()).filter((row) => names.includes(row.name));
    expect(rows).toHaveLength(50);
    await sink.waitFor(before + 50, 60_000);
    await expect
      .poll(
        async () =>
          (await storedRows()).filter((row) => names.includes(row.name) && row.delivered_at).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(50);
    // Then one more message straight to each instance, and both e-mailed. A worker sends one
    // message at a time and takes due messages oldest first, so a second copy of one of the 50
    // (claimed by both workers) would have been e-mailed before these.
    const later = [validMessage(), validMessage()];
    const posted = await Promise.all(
      instances.map((instance, i) => postToInstance(instance, `127.4.1.${i + 1}`, later[i])),
    );
    expect(posted.map((p) => p.status)).toEqual([201, 201]);
    await expect
      .poll(() => later.filter((m) => mailedNames().includes(m.name)).length, { timeout: 30_000 })
      .toBe(2);
    const mailed = mailedNames();
    for (const name of names) expect(mailed.filter((m) => m === name)).toHaveLength(1);
    // Both instances were up, each with its outbox worker, the whole time.
    for (const instance of instances) {
      expect(instance.process.exitCode).toBe(null);
      expect(instance.output()).toMatch(/\[mail\] e-mail delivery: SMTP/);
    }
    console.info('[deployment] 50 messages through nginx: 50 stored, 50 e-mails, each once');
  }, 120_000);
});
