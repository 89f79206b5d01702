import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDay } from '@/lib/paris-clock';
import { audienceStore, type AudienceStore } from '@/lib/audience/store';
import { openDatabase, type Database } from '@/lib/db/client';
import { startShippedSite, type ShippedSite } from '../support/shipped-site';
import { throughNginx, type NginxAnswer } from '../support/through-nginx';

/**
 * The audience measurement as shipped: the nginx site (deploy/nginx/) in front of two instances
 * started from the systemd unit, on one PostgreSQL database. The figures are the site's whatever
 * instance received a beacon; the cookie policy shows an objecting visitor their own state while
 * everyone else is served the kept copy; the receiver has a per-address budget of its own; and
 * nginx logs none of its requests.
 */
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let site: ShippedSite;
let database: Database;
let store: AudienceStore;

beforeAll(async () => {
  site = await startShippedSite('audience', () => ({ AUDIENCE_FLUSH_MS: '100' }));
  database = await openDatabase(
    readFileSync(site.envFile, 'utf8').match(/^DATABASE_URL=(.*)$/m)![1]!,
  );
  store = audienceStore(database);
}, 180_000);

afterAll(async () => {
  await database?.close();
  await site?.stop();
});

let visitor = 0;
/** A request from a loopback address of its own, or of `from`. */
function request(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<NginxAnswer> {
  visitor += 1;
  return throughNginx(site.nginx, pathname, {
    ...options,
    headers: { 'user-agent': chrome, ...options.headers },
    localAddress: options.from ?? `127.6.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
  });
}

const beaconBody = (path: string) => JSON.stringify({ type: 'view', path, referrer: '' });
const beacon = (path: string, from?: string) =>
  request('/api/audience', {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: site.siteUrl },
    body: beaconBody(path),
    from,
  });

async function views(path: string): Promise<number> {
  const day = parisDay(Date.now());
  const { counts } = await store.period(day, day);
  return counts.find((row) => row.measure === 'view' && row.path === path)?.count ?? 0;
}

async function waitForViews(path: string, expected: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await views(path)) !== expected) {
    if (Date.now() > deadline)
      throw new Error(`${path}: ${await views(path)} views, expected ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the audience measurement behind the shipped nginx', () => {
  it('adds up what every instance received: the figures are the site’s', async () => {
    const path = '/fr/mentions-legales';
    const [first, second] = site.instances;
    const direct = (url: string) =>
      fetch(`${url}/api/audience`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': chrome },
        body: beaconBody(path),
      }).then((answer) => answer.status);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => direct(first!.url)),
      ...Array.from({ length: 7 }, () => direct(second!.url)),
      ...Array.from({ length: 20 }, () => beacon(path).then((answer) => answer.status)),
    ]);
    expect(answers.every((status) => status === 204)).toBe(true);
    await waitForViews(path, 32);
  });

  it('shows the cookie policy with the visitor’s own choice, the kept copy to everyone counted', async () => {
    const state = (answer: NginxAnswer) =>
      /data-testid="audience-objection" data-state="(\w+)"/.exec(answer.body)?.[1];
    const policy = '/fr/politique-cookies';
    const counted = await request(policy);
    expect(state(counted)).toBe('counted');
    // Within the copy's second, another visitor gets the kept copy.
    const kept = await request(policy);
    expect(kept.headers['x-cache-status']).toMatch(/HIT|UPDATING/);
    expect(state(kept)).toBe('counted');

    const objected = await request(policy, {
      headers: { cookie: 'cookieConsent=accepted; sa-audience=objection' },
    });
    expect(objected.headers['x-cache-status']).toBe('BYPASS');
    expect(state(objected)).toBe('objected');
    expect(objected.body).toContain('Retirer mon opposition');
    const gpc = await request('/en/politique-cookies', { headers: { 'sec-gpc': '1' } });
    expect(gpc.headers['x-cache-status']).toBe('BYPASS');
    expect(state(gpc)).toBe('gpc');
    // Neither of their pages was kept for the others.
    expect(state(await request(policy))).toBe('counted');
    expect(state(await request('/en/politique-cookies'))).toBe('counted');
    // Other pages stay kept for the objecting visitor too: nothing else depends on the choice.
    await request('/fr/mentions-legales');
    const other = await request('/fr/mentions-legales', { headers: { 'sec-gpc': '1' } });
    expect(other.headers['x-cache-status']).toMatch(/HIT|UPDATING/);

    // The form, through nginx: the objection is recorded and the visitor sent back to it.
    const form = await request('/api/audience/opposition', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.siteUrl },
      body: 'locale=fr&choice=object',
    });
    expect(form.status).toBe(303);
    expect(form.headers['set-cookie']?.[0]).toMatch(/^sa-audience=objection; .*; Secure$/);
  });

  it('limits the receiver per address in a zone of its own, apart from the contact form’s', async () => {
    const from = '127.5.0.1';
    // 80 page views in five waves of 16 connections at once: under the 32 connections one address
    // may hold (deploy/nginx/sorel-aubry-avocats-stream.conf), so that what answers is the
    // receiver's own limit, not the connection cap.
    const statuses: number[] = [];
    for (let wave = 0; wave < 5; wave += 1)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 16 }, () => beacon('/fr', from).then((answer) => answer.status)),
        )),
      );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 204).length).toBeGreaterThanOrEqual(50);
    // The same address's API budget is untouched…
    expect((await request('/api/health', { from })).status).toBe(200);
    // …and an address whose API budget is spent still has its page views counted.
    const busy = '127.5.0.2';
    const health = await Promise.all(
      Array.from({ length: 20 }, () =>
        request('/api/health', { from: busy }).then((a) => a.status),
      ),
    );
    expect(health).toContain(429);
    expect((await beacon('/fr', busy)).status).toBe(204);
  });

  it('logs none of the measurement’s requests (the pages themselves are logged as before)', async () => {
    await request('/api/audience/sans-script?path=%2Ffr%2Fblog');
    await request('/fr/blog');
    // nginx writes its access log as requests end.
    const log = readFileSync(path.join(site.nginx.dir, 'logs', 'access.log'), 'utf8');
    expect(log).toContain('GET /fr/blog ');
    expect(log).not.toContain('/api/audience');
  });
});
