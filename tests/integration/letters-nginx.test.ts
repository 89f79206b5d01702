import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db/client';
import { unsubscribeUrl } from '@/lib/letters/links';
import { lettersStore } from '@/lib/letters/store';
import { newNoncePlaceholder, startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { freePort } from '../../harness/ports';
import { TestDatabases } from '../support/contact';
import { throughNginx } from '../support/through-nginx';

/**
 * The legal watch's one-click unsubscribe (RFC 8058) through the shipped nginx site, in front of
 * the production build on SQLite: a mail provider's server posts for many readers from one
 * address, without an Origin, and nginx gives those links a budget of their own
 * (deploy/nginx/sorel-aubry-avocats.conf, "Per-address limits"), where the APIs' would refuse
 * all but a dozen.
 */
const databases = new TestDatabases();
const SECRET = 'letters nginx secret';
/** Readers leaving at once through one provider: past the APIs' burst (10), within the 32
 * requests one address may have in hand. */
const AT_ONCE = 30;

let nginx: RunningNginx;
let site: NextServer;
let url: string;
let siteUrl: string;

beforeAll(async () => {
  url = await databases.url('sqlite');
  const httpsPort = await freePort();
  siteUrl = `https://127.0.0.1:${httpsPort}`;
  const noncePlaceholder = newNoncePlaceholder();
  site = await startNextServer({
    DATABASE_URL: url,
    SITE_URL: siteUrl,
    REVALIDATE_SECRET: SECRET,
    TRUST_PROXY: 'true',
    PAGE_CACHE_NONCE_PLACEHOLDER: noncePlaceholder,
  });
  nginx = await startNginx({ upstreamPorts: [site.port], httpsPort, noncePlaceholder });
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
  databases.stop();
});

/** Confirmed subscribers, written by the site's own store; their unsubscribe links. */
async function confirmedSubscribers(count: number): Promise<{ id: string; link: string }[]> {
  const store = lettersStore(await openDatabase(url));
  try {
    const now = Date.now();
    const made = [];
    for (let i = 0; i < count; i += 1) {
      const subscriber = await store.subscribe({
        address: `lecteur.${i}.${now}@example.test`,
        locale: 'fr',
        page: '/fr/blog',
        now,
      });
      if (!subscriber) throw new Error('a new address was not stored');
      expect(await store.confirm(subscriber.id, now)).toBe('confirmed');
      made.push({ id: subscriber.id, link: unsubscribeUrl(siteUrl, subscriber.id, SECRET) });
    }
    return made;
  } finally {
    await store.close();
  }
}

async function remaining(ids: string[]): Promise<number> {
  const store = lettersStore(await openDatabase(url));
  try {
    return (await Promise.all(ids.map((id) => store.find(id)))).filter(Boolean).length;
  } finally {
    await store.close();
  }
}

describe('one-click unsubscribing through the shipped nginx', () => {
  it('unsubscribes every reader a provider posts for at once, from one address without Origin; a GET unsubscribes no one', async () => {
    const readers = await confirmedSubscribers(AT_ONCE);
    const provider = '127.20.0.1';

    // Mail scanners open the links first: pages, nothing more.
    const opened = await Promise.all(
      readers.map(({ link }) =>
        throughNginx(nginx, new URL(link).pathname, { localAddress: '127.20.0.2' }),
      ),
    );
    expect(opened.map((answer) => answer.status)).toEqual(readers.map(() => 200));
    expect(opened[0]!.body).toContain('Se désinscrire de la veille sociale');
    expect(await remaining(readers.map((reader) => reader.id))).toBe(AT_ONCE);

    const posted = await Promise.all(
      readers.map(({ link }) =>
        throughNginx(nginx, new URL(link).pathname, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
          localAddress: provider,
        }),
      ),
    );
    expect(posted.map((answer) => answer.status)).toEqual(readers.map(() => 200));
    expect(posted[0]!.body).toContain('Désinscription effectuée');
    expect(await remaining(readers.map((reader) => reader.id))).toBe(0);
  });

  it('keeps the APIs’ limit elsewhere: as many subscription requests at once from one address meet 429', async () => {
    const asked = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        throughNginx(nginx, '/api/veille/inscription', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: siteUrl },
          body: JSON.stringify({ email: `nouveau.${i}@example.test`, locale: 'fr' }),
          localAddress: '127.20.0.3',
        }),
      ),
    );
    expect(asked.map((answer) => answer.status)).toContain(429);
  });
});
