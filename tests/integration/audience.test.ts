import fc from 'fast-check';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHref } from '@/lib/articles/format';
import { previewToken } from '@/lib/articles/preview';
import { slugify } from '@/lib/articles/slug';
import { parisDay } from '@/lib/paris-clock';
import { audienceStore, type AudienceStore } from '@/lib/audience/store';
import { openDatabase, type Database } from '@/lib/db/client';
import { TestDatabases, validMessage } from '../support/contact';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { startSheetServer, type SheetServer } from '../../harness/sheet-server';

/**
 * The audience measurement as the embedded default runs it (`npm start` alone, SQLite): what the
 * pages carry, what the receiver counts and refuses over HTTP, the objection. Browsers' own
 * beacons are in tests/e2e/audience.spec.ts and tests/engines/audience.test.ts; nginx in front
 * of two instances in audience-nginx.test.ts; the monthly report in audience-report.test.ts.
 */
const databases = new TestDatabases();
const SECRET = 'audience-test-secret';
const PUBLISHED = 'Le forfait jours en 2026';
const DRAFT = 'Brouillon confidentiel';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

let sheet: SheetServer;
let server: NextServer;
let database: Database;
let store: AudienceStore;

beforeAll(async () => {
  sheet = await startSheetServer({
    kind: 'rows',
    rows: [
      { titre: PUBLISHED, contenu: 'Texte.', statut: 'Publié' },
      { titre: DRAFT, contenu: 'Texte.', statut: 'Brouillon' },
    ],
  });
  const url = await databases.url('sqlite');
  server = await startNextServer({
    DATABASE_URL: url,
    OUTBOX_DIR: `${databases.dir}/outbox`,
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
    AUDIENCE_FLUSH_MS: '100',
    TRUST_PROXY: 'true',
  });
  database = await openDatabase(url);
  store = audienceStore(database);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await server?.stop();
  await sheet?.close();
  databases.stop();
});

/** Every figure of today, as `measure path value count` lines. */
async function today(): Promise<string[]> {
  const day = parisDay(Date.now());
  const { counts } = await store.period(day, day);
  return counts.map((row) => `${row.measure} ${row.path} ${row.value} ${row.count}`.trim()).sort();
}

/** Waits until today's figures include `line` (the instance writes them every 100 ms). */
async function counted(line: string): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  let figures: string[] = [];
  while (Date.now() < deadline) {
    figures = await today();
    if (figures.includes(line)) return figures;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never counted: ${line}\n${figures.join('\n')}`);
}

/** A figure's count today (0 when absent). */
const figure = (figures: string[], prefix: string) =>
  Number(
    figures
      .find((line) => line.startsWith(`${prefix} `))
      ?.split(' ')
      .at(-1) ?? 0,
  );

function beacon(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/audience`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': chrome, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { 'user-agent': chrome, ...headers } });

describe('what the pages carry', () => {
  it('a page and a page not found carry the beacon and the no-script image; a preview does not', async () => {
    const legal = await (await page('/mentions-legales')).text();
    expect(legal).toContain(
      '<noscript><img src="/api/audience/sans-script?path=%2Fmentions-legales"',
    );
    const missing = await page('/fr/ancien-lien');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(
      'src="/api/audience/sans-script?path=%2Ffr%2Fancien-lien&amp;notFound=1"',
    );
    const draft = articleHref('fr', slugify(DRAFT));
    const preview = await page(`${draft}?preview=${previewToken(slugify(DRAFT), SECRET)}`);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain(DRAFT);
    expect(html).not.toContain('/api/audience');
  });
});

describe('what is counted', () => {
  it('a browser’s page view only: not robots, prefetches, health checks, previews or the project’s tools', async () => {
    const path = articleHref('fr', slugify(PUBLISHED));
    const before = await today();
    // Prefetches and health checks are requests the receiver never sees: no page view is
    // counted on the server's side of a page, only by its beacon once a browser shows it.
    await page(path, { 'sec-purpose': 'prefetch' });
    await page(path, { purpose: 'prefetch' });
    for (let i = 0; i < 3; i += 1) await fetch(`${server.url}/api/health`);
    // What a robot's, a headless browser's or the tests' own browser would send is left out.
    const view = { type: 'view', path, referrer: 'www.google.fr' };
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      `${chrome} sorel-aubry-tools`,
      'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
    ])
      expect((await beacon(view, { 'user-agent': agent })).status).toBe(204);
    // A person's browser is counted, once: its page view, its device, its entry from Google.
    expect((await beacon(view)).status).toBe(204);
    const after = await counted(`view ${path}  ${figure(before, `view ${path}`) + 1}`);
    expect(figure(after, `search ${path} Google`)).toBe(
      figure(before, `search ${path} Google`) + 1,
    );
    expect(after.filter((line) => !before.includes(line))).toEqual(
      [
        `device ${path} computer ${figure(before, `device ${path} computer`) + 1}`,
        `entry ${path}  ${figure(before, `entry ${path}`) + 1}`,
        `search ${path} Google ${figure(before, `search ${path} Google`) + 1}`,
        `view ${path}  ${figure(before, `view ${path}`) + 1}`,
      ].sort(),
    );
  });

  it('a page not found is counted apart with its address; a contact message counts as received', async () => {
    const lost = { type: 'view', path: '/fr/blog/ancien-article', referrer: '', notFound: true };
    expect((await beacon(lost)).status).toBe(204);
    await counted('not-found /fr/blog/ancien-article  1');
    // A page of the site claimed not found is refused.
    expect((await beacon({ ...lost, path: '/fr/mentions-legales' })).status).toBe(400);
    // Without JavaScript, the page's image counts it the same way.
    const image = await page('/api/audience/sans-script?path=%2Fperdu&notFound=1');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
    await counted('not-found /perdu  1');

    const response = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ ...validMessage(), fillMs: 9_000 }),
    });
    expect(response.status).toBe(201);
    await counted('contact  received 1');
  });

  it('a visitor who objects, by the cookie policy’s form or Global Privacy Control, is not counted', async () => {
    const objection = await fetch(`${server.url}/api/audience/opposition`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'locale=fr&choice=object',
    });
    expect(objection.status).toBe(303);
    expect(objection.headers.get('location')).toBe('/fr/politique-cookies#mesure-audience');
    const cookie = objection.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toBe('sa-audience=objection');
    const state = async (headers: Record<string, string>) =>
      /data-testid="audience-objection" data-state="(\w+)"/.exec(
        await (await page('/fr/politique-cookies', headers)).text(),
      )?.[1];
    expect(await state({ cookie })).toBe('objected');
    expect(await state({ 'sec-gpc': '1' })).toBe('gpc');
    expect(await state({})).toBe('counted');

    const path = '/en/politique-confidentialite';
    const view = { type: 'view', path, referrer: '' };
    expect((await beacon(view, { cookie })).status).toBe(204);
    expect((await beacon(view, { 'sec-gpc': '1' })).status).toBe(204);
    expect(
      (await page(`/api/audience/sans-script?path=${encodeURIComponent(path)}`, { cookie })).status,
    ).toBe(200);
    // Then a visitor who does not object: counted once, and only that one.
    expect((await beacon(view)).status).toBe(204);
    expect(figure(await counted(`view ${path}  1`), `view ${path}`)).toBe(1);
  });
});

describe('hostile requests', () => {
  const path = '/en/helene-sorel';
  const plausible = { type: 'view', path, referrer: '' };

  /** A request with a body sent as given (length stated or chunked), its status. */
  function raw(body: Buffer, headers: Record<string, string>, chunked = false): Promise<number> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/audience`,
        {
          method: 'POST',
          headers: {
            'content-type': 'text/plain',
            'user-agent': chrome,
            ...(chunked
              ? { 'transfer-encoding': 'chunked' }
              : { 'content-length': String(body.length) }),
            ...headers,
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('every malformed, huge or lying body gets a 4xx and changes no figure; a plausible one counts once', async () => {
    const before = await today();
    const refused: [string, Promise<number>][] = [
      ['100 KB stated', raw(Buffer.alloc(100_000, 97), {})],
      ['50 KB chunked', raw(Buffer.alloc(50_000, 97), {}, true)],
      ['not UTF-8', raw(Buffer.from([0x7b, 0xff, 0x7d]), {})],
      [
        'form',
        raw(Buffer.from('type=view'), { 'content-type': 'application/x-www-form-urlencoded' }),
      ],
      [
        'other site',
        raw(Buffer.from(JSON.stringify(plausible)), { origin: 'https://evil.example' }),
      ],
      ...[
        '',
        'null',
        '[]',
        '"view"',
        '{"type":"view"}',
        JSON.stringify({ ...plausible, visitorId: 'abc' }),
        '{"__proto__":{"x":1},"type":"view","path":"/en","referrer":""}',
        JSON.stringify({ ...plausible, path: '/en/helene-sorel/../../etc/passwd' }),
        JSON.stringify({ ...plausible, path: '/fr/blog/brouillon-confidentiel' }),
        JSON.stringify({ ...plausible, path: '/fr/blog/nexiste-pas' }),
        JSON.stringify({ ...plausible, referrer: 'x'.repeat(300) }),
        JSON.stringify({ ...plausible, referrer: 'javascript:alert(1)' }),
        JSON.stringify({ type: 'vitals', path, LCP: 1e12 }),
        JSON.stringify({ type: 'vitals', path, CLS: 1000 }),
        JSON.stringify({ type: 'vitals', path, INP: -1 }),
        JSON.stringify({ type: 'vitals', path, TTFB: '300' }),
        '{"type":"vitals","path":"/en","LCP":1e400}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
      ].map((body): [string, Promise<number>] => [
        body.slice(0, 60),
        beacon(body).then((r) => r.status),
      ]),
      ['GET', fetch(`${server.url}/api/audience`).then((r) => r.status)],
      [
        'PUT',
        fetch(`${server.url}/api/audience`, { method: 'PUT', body: '{}' }).then((r) => r.status),
      ],
      [
        'unknown address',
        fetch(`${server.url}/api/audience/x`, { method: 'POST', body: '{}' }).then((r) => r.status),
      ],
      [
        'no-script, other parameter',
        page(`/api/audience/sans-script?path=%2Fen&x=1`).then((r) => r.status),
      ],
      [
        'no-script, POST',
        fetch(`${server.url}/api/audience/sans-script?path=%2Fen`, { method: 'POST' }).then(
          (r) => r.status,
        ),
      ],
    ];
    for (const [what, status] of refused) {
      const answer = await status;
      expect(answer >= 400 && answer < 500, `${what}: ${answer}`).toBe(true);
    }
    // A thousand generated bodies: none is a beacon.
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const status = (await beacon(JSON.stringify(value))).status;
        return status >= 400 && status < 500;
      }),
      { numRuns: 1000 },
    );
    // One plausible page view is all a sender can add; nothing else changed.
    expect((await beacon(plausible)).status).toBe(204);
    const after = await counted(`view ${path}  ${figure(before, `view ${path}`) + 1}`);
    expect(after.filter((line) => !before.includes(line)).sort()).toEqual(
      [
        `device ${path} computer ${figure(before, `device ${path} computer`) + 1}`,
        `entry ${path}  ${figure(before, `entry ${path}`) + 1}`,
        `view ${path}  ${figure(before, `view ${path}`) + 1}`,
      ].sort(),
    );
    expect(server.output()).not.toMatch(/\[audience\] request failed/);
  });
});

describe('an error page', () => {
  it('(an article while the sheet has never loaded, 503) carries no measurement', async () => {
    const down = await startSheetServer({ kind: 'status', status: 500 });
    const other = await startNextServer({
      DATABASE_URL: await databases.url('sqlite'),
      OUTBOX_DIR: `${databases.dir}/outbox-down`,
      ARTICLES_SHEET_URL: down.url,
    });
    try {
      const answer = await fetch(`${other.url}${articleHref('fr', slugify(PUBLISHED))}`);
      expect(answer.status).toBe(503);
      expect(await answer.text()).not.toContain('/api/audience');
    } finally {
      await other.stop();
      await down.close();
    }
  });
});
