import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleHref } from '@/lib/articles/format';
import { previewToken } from '@/lib/articles/preview';
import { slugify } from '@/lib/articles/slug';
import { SUBMISSION_ID_PATTERN } from '@/lib/contact/form/submission-id';
import { submissionIdPlaceholder } from '@/lib/security/page-cache';
import type { RunningNginx } from '../../scripts/nginx.mjs';
import { hiddenFields, multipartBody } from '../support/raw-http';
import { startSheetServer, type SheetRow, type SheetServer } from '../support/sheet-server';
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
/** A copy's lifetime: 1 s, counted by nginx in whole seconds, so 2 s at most. */
const COPY_LIFETIME_MS = 2_100;
/** Then one render, in the background, while the expiring copy is still served. */
const RENDER_MS = 2_000;

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
      expect((await request(pathname)).status).toBe(200);
      const answers = [];
      for (const encoding of ['gzip', 'identity', 'br', 'gzip, deflate, br'])
        answers.push(await request(pathname, { headers: { 'accept-encoding': encoding } }));
      // Kept for 1 s: the request right after the first is answered from the cache.
      expect(answers[0]!.headers['x-cache-status']).toBe('HIT');
      expect(answers[0]!.headers['content-encoding']).toBe('gzip');
      for (const answer of answers) {
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

  it('passes client navigations (RSC) through, never answering them with HTML nor a kept copy', async () => {
    await request('/fr/mentions-legales');
    let answer = await request('/fr/mentions-legales', { headers: { rsc: '1' } });
    // Next.js sends a navigation without its cache-busting parameter to the address with it.
    if (answer.status === 307)
      answer = await request(String(answer.headers.location).replace(/^https?:\/\/[^/]+/, ''), {
        headers: { rsc: '1' },
      });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/x-component/);
    expect(answer.headers['x-cache-status']).toBe('BYPASS');
    expect(answer.raw).not.toContain(placeholder);
    // The page's own copy is still HTML.
    const page = await request('/fr/mentions-legales');
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('shares nothing of one visitor with another: a kept home page’s form gets a submission id of its own in every response', async () => {
    const pages: { answer: Answer; askedAt: number }[] = [];
    for (const pathname of ['/fr', '/fr', '/fr', '/en', '/en', '/']) {
      const askedAt = Date.now();
      pages.push({ answer: await request(pathname), askedAt });
    }
    // Kept: the same home page asked again within its second is answered from the copy.
    expect(pages.map(({ answer }) => answer.headers['x-cache-status'])).toContain('HIT');
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
    const copies = pages.slice(0, 3).map(({ answer }) => answer);
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
    expect(rows.map((row) => row.id).sort()).toEqual(ids.slice(0, 2).sort());
  });

  it('keeps the welcome screen apart: a copy without it goes only to visitors who closed it, whatever cookies a request sends', async () => {
    const splash = (answer: Answer) => answer.body.includes('data-testid="splash"');
    for (const pathname of ['/en', '/fr']) {
      // Two session cookies, which nginx and the app could read differently: the page follows
      // the browser's own rule (any of them says closed), and no copy goes to the wrong visitors.
      const tricky = [];
      for (const cookie of [
        'sa-session=x; sa-session=splash-seen',
        'sa-session=splash-seen; sa-session=x',
      ])
        tricky.push(await request(pathname, { headers: { cookie } }));
      const first = await request(pathname);
      const closed = await request(pathname, { headers: { cookie: 'sa-session=splash-seen' } });
      const again = await request(pathname);
      const answers = [...tricky, first, closed, again];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map(splash)).toEqual([false, false, true, false, true]);
      expect(again.headers['x-cache-status']).toBe('HIT');
      expect(closed.headers['x-cache-status']).toBe('HIT');
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
      .poll(async () => titles(await request('/fr/blog')), { timeout: 2 * COPY_LIFETIME_MS })
      .toEqual([PUBLISHED, aubry.titre]);
    for (let i = 0; i < 2; i += 1) {
      const answers = [await request(byAubry), await request(bySorel), await request('/fr/blog')];
      expect(answers.map(titles)).toEqual([[aubry.titre], [PUBLISHED], [PUBLISHED, aubry.titre]]);
      // Asked again within its second, each filtered list is answered from its own copy.
      if (i === 1)
        expect(answers.map((answer) => answer.headers['x-cache-status'])).toEqual([
          'HIT',
          'HIT',
          'HIT',
        ]);
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

  it('publishes at once on every instance and, within 2 s and one render, in every kept copy; an unpublished article is 404', async () => {
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
    // The copy lives 2 s at most; the first request after that may still get it while the new
    // one renders, and every request after that the new one.
    await new Promise((resolve) => setTimeout(resolve, COPY_LIFETIME_MS));
    await expect
      .poll(async () => (await request(articlePath)).body, { timeout: RENDER_MS })
      .toContain('Deuxième');
    for (let i = 0; i < 6; i += 1) expect((await request(articlePath)).body).toContain('Deuxième');

    sheet.set({ kind: 'rows', rows: [draft] });
    const unpublish = await fetch(`${instances[1]!.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'x-forwarded-proto': 'https' },
    });
    expect(unpublish.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, COPY_LIFETIME_MS));
    await expect
      .poll(async () => (await request(articlePath)).status, { timeout: RENDER_MS })
      .toBe(404);
    for (let i = 0; i < 4; i += 1) expect((await request(articlePath)).status).toBe(404);
  });

  it('forgets a copy nobody asked for during a second: the first visitor after a quiet while gets the page as it is now', async () => {
    sheet.set({ kind: 'rows', rows: [published('Troisième version.'), draft] });
    await revalidate();
    await expect
      .poll(async () => (await request(articlePath)).body, { timeout: 2 * COPY_LIFETIME_MS })
      .toContain('Troisième');
    expect((await request(articlePath)).headers['x-cache-status']).toBe('HIT');
    // Nobody asks for 3 s, while the article is unpublished: the very next visitor gets the
    // 404, not the forgotten copy served as "updating" while the 404 renders.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    sheet.set({ kind: 'rows', rows: [draft] });
    await revalidate();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const first = await request(articlePath);
    expect(first.status).toBe(404);
    expect(first.body).not.toContain('Troisième');
  });
});

async function revalidate() {
  const answer = await fetch(`${instances[0]!.url}/api/revalidate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET}`, 'x-forwarded-proto': 'https' },
  });
  expect(answer.status).toBe(200);
}
