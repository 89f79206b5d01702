import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHref } from '@/lib/articles/format';
import { previewToken } from '@/lib/articles/preview';
import { slugify } from '@/lib/articles/slug';
import { SUBMISSION_ID_PATTERN } from '@/lib/contact/form/submission-id';
import { submissionIdPlaceholder } from '@/lib/security/page-cache';
import type { RunningNginx } from '../../scripts/nginx.mjs';
import { hiddenFields, multipartBody } from '../../harness/raw-http';
import { startSheetServer, type SheetRow, type SheetServer } from '../../harness/sheet-server';
import { startShippedSite, type ShippedSite } from '../support/shipped-site';
import { throughNginx, type NginxAnswer } from '../support/through-nginx';
import type { UnitInstance } from '../support/unit-instance';

/**
 * nginx's page cache (deploy/nginx/sorel-aubry-avocats.conf, docs/page-cache.md) in front of two
 * instances started from the systemd unit: every response with a nonce of its own, nothing of one
 * visitor given to another, previews never kept, and a publish reaching every instance and copy.
 */

const SECRET = 'page-cache-test-secret';
const PUBLISHED = 'Le barème Macron en 2025';
const DRAFT = 'Projet confidentiel';
const published = (contenu: string): SheetRow => ({
  titre: PUBLISHED,
  contenu,
  statut: 'Publié',
  auteur: 'Hélène Sorel',
});
const draft: SheetRow = { titre: DRAFT, contenu: 'Un brouillon.', statut: 'Brouillon' };
const articlePath = articleHref('fr', slugify(PUBLISHED));
const draftPath = articleHref('fr', slugify(DRAFT));

let site: ShippedSite;
let sheet: SheetServer;
let nginx: RunningNginx;
let placeholder: string;
/** What a kept home page's form carries as its submission id until nginx replaces it. */
let idPlaceholder: string;
let instances: UnitInstance[];
/** How long a test asks again for what nginx does within seconds: a safety net, not a figure. */
const DEADLINE_MS = 30_000;

type Answer = NginxAnswer;

let visitorNumber = 0;
/** A request through nginx from a loopback address of its own (a visitor of its own). */
function request(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  visitorNumber += 1;
  return throughNginx(nginx, pathname, {
    ...options,
    localAddress: `127.8.${Math.floor(visitorNumber / 250)}.${(visitorNumber % 250) + 1}`,
  });
}

const policyNonce = (answer: Answer) =>
  /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
/** Every nonce the page's markup and its RSC payload give its scripts. */
const bodyNonces = (body: string) => [
  ...[...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]),
  ...[...body.matchAll(/\\?"nonce\\?":\\?"([^"\\]*)\\?"/g)].map((m) => m[1]),
];
const hidden = (body: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]+)"`).exec(body)?.[1];
const cacheStatus = (answer: Answer) => String(answer.headers['x-cache-status']);
/** How many times the answer's Vary names Accept-Encoding (the lines as one list). */
const varyOnEncoding = (answer: Answer) =>
  String(answer.headers.vary)
    .split(',')
    .filter((name) => name.trim().toLowerCase() === 'accept-encoding').length;
/**
 * The body as the browser reads it, without what differs from one response or render to the
 * next: the response's nonce, the form's submission id and signed time.
 */
const sameness = (answer: Answer) => {
  const nonce = policyNonce(answer);
  const id = hidden(answer.body, 'submissionId');
  const token = hidden(answer.body, 'formToken');
  let body = answer.body;
  for (const [value, name] of [
    [nonce, 'NONCE'],
    [id, 'SUBMISSION-ID'],
    [token, 'FORM-TOKEN'],
  ] as const)
    if (value) body = body.replaceAll(value, name);
  return body;
};
/** The render a home page comes from: its form's signed time, made once per render. */
const render = (answer: Answer) => hidden(answer.body, 'formToken');

/**
 * Asks for `pathname` until nginx answers it from a kept copy (HIT): a copy lives 1 s, and a
 * loaded machine may take longer than that between two requests. Returns every answer, the HIT
 * last, for the test to check them all.
 */
async function untilKept(
  pathname: string,
  options: Parameters<typeof request>[1] = {},
): Promise<Answer[]> {
  const answers: Answer[] = [];
  const deadline = Date.now() + DEADLINE_MS;
  while (answers.at(-1)?.headers['x-cache-status'] !== 'HIT') {
    if (Date.now() > deadline)
      throw new Error(`${pathname} never kept: ${answers.map(cacheStatus).join(' ')}`);
    answers.push(await request(pathname, options));
  }
  return answers;
}

/**
 * Asks for a home page with `first`'s headers, then with `second`'s, until the second is given
 * the copy the first had rendered (nginx rendered for the first, answered the second from the
 * cache with the same render). Returns every answer, in pairs, for the test to check them all.
 */
async function copyOfFirstGivenToSecond(
  pathname: string,
  first: Record<string, string>,
  second: Record<string, string>,
): Promise<{ first: Answer[]; second: Answer[] }> {
  const answers = { first: [] as Answer[], second: [] as Answer[] };
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const a = await request(pathname, { headers: first });
    const b = await request(pathname, { headers: second });
    answers.first.push(a);
    answers.second.push(b);
    if (cacheStatus(a) !== 'HIT' && cacheStatus(b) === 'HIT' && render(a) === render(b))
      return answers;
    if (Date.now() > deadline)
      throw new Error(
        `${pathname}: never given the copy rendered for ${JSON.stringify(first)}: ${answers.first.map((x, i) => `${cacheStatus(x)}/${cacheStatus(answers.second[i]!)}`).join(' ')}`,
      );
  }
}

/**
 * Waits until every copy nginx kept before this call has expired: a page of its own, kept
 * after them, is answered as an expired copy. Copies live 1 s, counted by nginx in whole
 * seconds from when each was kept, so they expire in the order they were kept.
 */
async function keptCopiesExpired(): Promise<void> {
  const probe = `/fr/sonde-${randomUUID()}`;
  const statuses = [cacheStatus(await request(probe))];
  expect(statuses).toEqual(['MISS']);
  const deadline = Date.now() + DEADLINE_MS;
  while (statuses.at(-1) !== 'EXPIRED') {
    if (Date.now() > deadline) throw new Error(`the probe never expired: ${statuses.join(' ')}`);
    statuses.push(cacheStatus(await request(probe)));
  }
}

beforeAll(async () => {
  sheet = await startSheetServer({ kind: 'rows', rows: [published('Première version.'), draft] });
  site = await startShippedSite('page-cache', () => ({
    ARTICLES_SHEET_URL: sheet.url,
    REVALIDATE_SECRET: SECRET,
  }));
  ({ nginx, instances } = site);
  placeholder = /set \$sorel_aubry_nonce_placeholder (\w+);/.exec(
    readFileSync(path.join(nginx.dir, 'nonce.conf'), 'utf8'),
  )![1]!;
  idPlaceholder = submissionIdPlaceholder(placeholder);
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await sheet?.close();
});

describe('pages from nginx’s cache', () => {
  it('gives every response a new nonce, the same in its policy and its body, whatever the encoding or method', async () => {
    const seen = new Set<string>();
    for (const pathname of ['/fr/mentions-legales', '/en/blog', articlePath, '/fr', '/']) {
      // Kept: answered from the cache, compressed by nginx for this response: Brotli for a
      // browser that asks for it (every browser the site serves), gzip for one that asks for gzip
      // alone, the same page either way.
      const answers = await untilKept(pathname, { headers: { 'accept-encoding': 'gzip' } });
      expect(answers.at(-1)!.headers['content-encoding']).toBe('gzip');
      const kept = answers.at(-1)!;
      for (const [encoding, sent] of [
        ['identity', undefined],
        ['br', 'br'],
        ['gzip, deflate, br', 'br'],
      ] as const) {
        const answer = await request(pathname, { headers: { 'accept-encoding': encoding } });
        expect(answer.headers['content-encoding'], encoding).toBe(sent);
        expect(sameness(answer), encoding).toBe(sameness(kept));
        answers.push(answer);
      }
      for (const answer of answers) {
        // Whoever keeps a copy of an answer (a browser, a proxy) keeps one per encoding.
        expect(varyOnEncoding(answer)).toBe(1);
        expect(answer.status).toBe(200);
        const nonce = policyNonce(answer);
        expect(nonce).toMatch(/^[0-9a-f]{32}$/);
        expect(seen.has(nonce!)).toBe(false);
        seen.add(nonce!);
        const nonces = bodyNonces(answer.body);
        expect(nonces.length).toBeGreaterThan(0);
        expect(new Set(nonces)).toEqual(new Set([nonce]));
        expect(answer.raw).not.toContain(placeholder);
        expect(answer.raw).not.toContain(idPlaceholder);
        expect(answer.headers['etag']).toBeUndefined();
        expect(answer.headers['cache-control']).toMatch(/no-store/);
      }
      const head = await request(pathname, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(policyNonce(head)).toMatch(/^[0-9a-f]{32}$/);
      expect(head.raw).not.toContain(placeholder);
    }
  });

  it('passes client navigations (RSC) through, never answering them with HTML nor a kept copy, compressed by nginx', async () => {
    await request('/fr/mentions-legales');
    const navigation = async (encoding: string) => {
      const headers = { rsc: '1', 'accept-encoding': encoding };
      const answer = await request('/fr/mentions-legales', { headers });
      // Next.js sends a navigation without its cache-busting parameter to the address with it.
      if (answer.status !== 307) return answer;
      return request(String(answer.headers.location).replace(/^https?:\/\/[^/]+/, ''), {
        headers,
      });
    };
    const answer = await navigation('gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/x-component/);
    expect(answer.headers['x-cache-status']).toBe('BYPASS');
    expect(answer.raw).not.toContain(placeholder);
    // In Brotli, as pages are, or in gzip; each a whole payload of the page (each render has
    // keys of its own, so two renders are not compared byte for byte).
    expect(answer.headers['content-encoding']).toBe('br');
    expect(varyOnEncoding(answer)).toBe(1);
    const gzip = await navigation('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const identity = await navigation('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    for (const each of [answer, gzip, identity]) {
      expect(each.body).toMatch(/^0:\{/m);
      expect(each.body).toContain('"children":"Mentions légales — Sorel Aubry Avocats"');
    }
    // The page's own copy is still HTML.
    const page = await request('/fr/mentions-legales');
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('shares nothing of one visitor with another: a kept home page’s form gets a submission id of its own in every response', async () => {
    const pages: { answer: Answer; askedAt: number }[] = [];
    const ask = async (pathname: string) => {
      const askedAt = Date.now();
      const answer = await request(pathname);
      pages.push({ answer, askedAt });
      return answer;
    };
    // Two visitors given one kept copy of /fr: both from the cache, from one render.
    let copies: Answer[] = [];
    const deadline = Date.now() + DEADLINE_MS;
    while (copies.length < 2) {
      if (Date.now() > deadline) throw new Error('/fr: never given twice from one copy');
      const answer = await ask('/fr');
      copies = pages
        .map((page) => page.answer)
        .filter((other) => cacheStatus(other) === 'HIT' && render(other) === render(answer));
    }
    for (const pathname of ['/en', '/en', '/']) await ask(pathname);
    const ids = pages.map(({ answer }) => hidden(answer.body, 'submissionId'));
    for (const [i, { answer, askedAt }] of pages.entries()) {
      expect(answer.status).toBe(200);
      expect(ids[i]).toMatch(SUBMISSION_ID_PATTERN);
      // The RSC payload the browser hydrates from carries the same id as the markup.
      expect(answer.body.split(ids[i]!).length - 1).toBeGreaterThanOrEqual(2);
      expect(answer.raw).not.toContain(idPlaceholder);
      // The fill time is counted from the latest moment a copy may be served: a robot posting
      // as soon as it has the page is never past the minimum, however old the copy.
      const shownFrom = Number(hidden(answer.body, 'formToken')?.split('.')[0]);
      expect(shownFrom).toBeGreaterThanOrEqual(askedAt);
    }
    expect(new Set(ids).size).toBe(ids.length);

    // Two visitors who got one copy post the same message without JavaScript: each post is
    // its own submission, stored under the id its page gave it.
    const message = 'Bonjour, deux visiteurs écrivent le même message depuis une page gardée.';
    const statuses = [];
    for (const copy of copies.slice(0, 2)) {
      const fields = hiddenFields(copy.body).filter(
        ([n]) => n.startsWith('$ACTION') || ['locale', 'formToken', 'submissionId'].includes(n),
      );
      const answer = await request('/fr', {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=rawBoundary',
          origin: nginx.httpsUrl,
        },
        body: multipartBody([
          ...fields,
          ['website', ''],
          ['name', 'Claire Martin'],
          ['email', 'claire.martin@example.com'],
          ['phone', '+33 1 99 00 12 34'],
          ['message', message],
        ]),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200]);
    const { rows } = await site.database.query<{ id: string }>(
      'SELECT id FROM contact_messages WHERE message = $1 ORDER BY id',
      [message],
    );
    expect(rows.map((row) => row.id).sort()).toEqual(
      copies
        .slice(0, 2)
        .map((copy) => hidden(copy.body, 'submissionId'))
        .sort(),
    );
  });

  it('keeps the welcome screen apart: a copy without it goes only to visitors who closed it, whatever cookies a request sends', async () => {
    const splash = (answer: Answer) => answer.body.includes('data-testid="splash"');
    const closed = { cookie: 'sa-session=splash-seen' };
    for (const pathname of ['/en', '/fr']) {
      // Two session cookies, which nginx and the app could read differently: the page follows
      // the browser's own rule (any of them says closed), and the copy such a request renders
      // goes to visitors who closed the screen, never to the others.
      for (const cookie of [
        'sa-session=x; sa-session=splash-seen',
        'sa-session=splash-seen; sa-session=x',
      ]) {
        const answers = await copyOfFirstGivenToSecond(pathname, { cookie }, closed);
        for (const answer of [...answers.first, ...answers.second]) {
          expect(answer.status).toBe(200);
          expect(splash(answer)).toBe(false);
        }
      }
      // A first visit's copy goes to first visits only: with the screen.
      const answers = await copyOfFirstGivenToSecond(pathname, {}, {});
      for (const answer of [...answers.first, ...answers.second]) {
        expect(answer.status).toBe(200);
        expect(splash(answer)).toBe(true);
      }
      // And a visitor who closed it is given no first visit's copy.
      for (const answer of await untilKept(pathname, { headers: closed }))
        expect(splash(answer)).toBe(false);
    }
  });

  it('never keeps a preview: a draft is shown with its token only, and its address stays 404', async () => {
    const preview = `${draftPath}?preview=${previewToken(slugify(DRAFT), SECRET)}`;
    for (let i = 0; i < 2; i += 1) {
      const answer = await request(preview);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(DRAFT);
      expect(answer.headers['x-cache-status']).toBe('BYPASS');
      expect(answer.headers['cache-control']).toMatch(/no-store/);
      expect(answer.raw).not.toContain(placeholder);
    }
    // A preview whose parameter nginx does not recognise is shown, and still never kept.
    const spelled = await request(preview.replace('preview=', 'pr%65view='));
    expect(spelled.body).toContain(DRAFT);
    expect(spelled.headers['x-cache-status']).not.toBe('HIT');
    for (const pathname of [draftPath, `${draftPath}?preview=wrong`])
      expect((await request(pathname)).status).toBe(404);
  });

  it('keeps the article list apart by author: each filter has its copy, and a query nginx could read otherwise is never kept', async () => {
    const aubry: SheetRow = {
      titre: 'Le reclassement en 2025',
      contenu: 'Texte.',
      statut: 'Publié',
      auteur: 'Julien Aubry',
    };
    sheet.set({ kind: 'rows', rows: [published('Première version.'), aubry, draft] });
    await revalidate();
    const titles = (answer: Answer) =>
      [PUBLISHED, aubry.titre as string].filter((title) => answer.body.includes(title));
    const byAubry = '/fr/blog?auteur=julien-aubry';
    const bySorel = '/fr/blog?auteur=helene-sorel';
    await expect
      .poll(async () => titles(await request('/fr/blog')), { timeout: DEADLINE_MS })
      .toEqual([PUBLISHED, aubry.titre]);
    // Each filtered list has its own copy: asked in turn until the three are answered from their
    // copies in one round, every answer with its own articles.
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const answers = [await request(byAubry), await request(bySorel), await request('/fr/blog')];
      expect(answers.map(titles)).toEqual([[aubry.titre], [PUBLISHED], [PUBLISHED, aubry.titre]]);
      if (answers.every((answer) => cacheStatus(answer) === 'HIT')) break;
      if (Date.now() > deadline) throw new Error('the filtered lists were never kept together');
    }
    // The site reads these as the author filter, nginx's key would not: passed through, never
    // kept, and the unfiltered list's copy stays the unfiltered list.
    for (const unclear of [
      '/fr/blog?aut%65ur=julien-aubry',
      '/fr/blog?AUTEUR=julien-aubry&x=1',
      '/fr/blog?Tag=Veille',
    ]) {
      const answer = await request(unclear);
      expect(answer.status).toBe(200);
      expect(answer.headers['x-cache-status'], unclear).toBe('BYPASS');
    }
    expect(titles(await request('/fr/blog'))).toEqual([PUBLISHED, aubry.titre]);
    expect(titles(await request('/fr/blog?AUTEUR=julien-aubry&x=1'))).toEqual([
      PUBLISHED,
      aubry.titre,
    ]);
    sheet.set({ kind: 'rows', rows: [published('Première version.'), draft] });
    await revalidate();
  });

  it('publishes at once on every instance, and in every kept copy once it expires; an unpublished article is 404', async () => {
    for (let i = 0; i < 4; i += 1) expect((await request(articlePath)).body).toContain('Première');
    sheet.set({ kind: 'rows', rows: [published('Deuxième version.'), draft] });
    const revalidate = await fetch(`${instances[0]!.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'x-forwarded-proto': 'https' },
    });
    expect(revalidate.status).toBe(200);
    // Both instances, the one that was called and the other, serve the new text at once.
    for (const instance of instances) {
      const direct = await fetch(`${instance.url}${articlePath}`);
      expect(await direct.text()).toContain('Deuxième');
    }
    // Once the copies kept before the publish have expired, every answer is the new text: the
    // first request renders it (nginx gives no one the expired copy while nobody is rendering).
    await keptCopiesExpired();
    for (let i = 0; i < 6; i += 1) expect((await request(articlePath)).body).toContain('Deuxième');

    sheet.set({ kind: 'rows', rows: [draft] });
    const unpublish = await fetch(`${instances[1]!.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'x-forwarded-proto': 'https' },
    });
    expect(unpublish.status).toBe(200);
    await keptCopiesExpired();
    for (let i = 0; i < 4; i += 1) expect((await request(articlePath)).status).toBe(404);
  });

  it('gives the first visitor after a quiet while the page as it is now, not the expired copy', async () => {
    sheet.set({ kind: 'rows', rows: [published('Troisième version.'), draft] });
    await revalidate();
    await keptCopiesExpired();
    for (const answer of await untilKept(articlePath)) expect(answer.body).toContain('Troisième');
    // Nobody asks while the article is unpublished and its copy expires (nginx may keep the
    // expired copy up to 10 s before its cache manager forgets it): the very next visitor gets
    // the 404, not that copy.
    sheet.set({ kind: 'rows', rows: [draft] });
    await revalidate();
    await keptCopiesExpired();
    const first = await request(articlePath);
    expect(first.status).toBe(404);
    expect(first.body).not.toContain('Troisième');
    expect(['MISS', 'EXPIRED']).toContain(cacheStatus(first));
  });
});

async function revalidate() {
  const answer = await fetch(`${instances[0]!.url}/api/revalidate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}`, 'x-forwarded-proto': 'https' },
  });
  expect(answer.status).toBe(200);
}
