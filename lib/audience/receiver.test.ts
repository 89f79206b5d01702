import { describe, expect, it } from 'vitest';
import {
  answerBeacon,
  answerNoScriptView,
  answerObjection,
  type ReceiverContext,
} from './receiver';
import { AudienceTally } from './tally';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const SITE = 'https://www.sorel-aubry-avocats.fr';
/** 24 November 2026, noon in Paris. */
const NOON = Date.UTC(2026, 10, 24, 11);

function context(articles: Record<string, string> | 'unreadable' = { note: 'Une note' }) {
  const tally = new AudienceTally();
  const ctx: ReceiverContext = {
    tally,
    siteUrl: SITE,
    now: () => NOON,
    publishedTitle: async (slug) =>
      articles === 'unreadable' ? undefined : (articles[slug] ?? null),
  };
  return { tally, ctx };
}

const headers = (extra: Record<string, string> = {}) => ({
  'user-agent': chrome,
  'content-type': 'text/plain;charset=UTF-8',
  origin: SITE,
  host: 'www.sorel-aubry-avocats.fr',
  ...extra,
});
const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const counts = (tally: AudienceTally) =>
  tally
    .take()
    .counts.map(({ path, measure, value, count }) => `${measure} ${path} ${value} ${count}`.trim())
    .sort();

describe('answerBeacon: a page view', () => {
  it('counts the view, the device, and an entry from a search engine grouped by name', async () => {
    const { tally, ctx } = context();
    const beacon = { type: 'view', path: '/mentions-legales', referrer: 'www.google.fr' };
    expect((await answerBeacon('POST', headers(), body(beacon), ctx)).status).toBe(204);
    expect(counts(tally)).toEqual([
      'device /fr/mentions-legales computer 1',
      'entry /fr/mentions-legales  1',
      'search /fr/mentions-legales Google 1',
      'view /fr/mentions-legales  1',
    ]);
  });

  it('a page read after another of the site is no entry; a phone is a phone', async () => {
    const { tally, ctx } = context();
    const beacon = { type: 'view', path: '/en', referrer: 'sorel-aubry-avocats.fr' };
    await answerBeacon('POST', headers({ 'user-agent': iphone }), body(beacon), ctx);
    expect(counts(tally)).toEqual(['device /en phone 1', 'view /en  1']);
  });

  it('a direct visit is an entry with no source; another site is named by its host', async () => {
    const { tally, ctx } = context();
    await answerBeacon('POST', headers(), body({ type: 'view', path: '/fr', referrer: '' }), ctx);
    await answerBeacon(
      'POST',
      headers(),
      body({ type: 'view', path: '/fr', referrer: 'www.linkedin.com' }),
      ctx,
    );
    expect(counts(tally)).toEqual([
      'device /fr computer 2',
      'entry /fr  2',
      'referrer /fr linkedin.com 1',
      'view /fr  2',
    ]);
  });

  it('counts a published article under its one address and records its title', async () => {
    const { tally, ctx } = context();
    const beacon = {
      type: 'view',
      path: '/actualites/note',
      referrer: 'www.sorel-aubry-avocats.fr',
    };
    expect((await answerBeacon('POST', headers(), body(beacon), ctx)).status).toBe(204);
    const taken = tally.take();
    expect(taken.counts.map((row) => row.path)).toEqual(['/fr/blog/note', '/fr/blog/note']);
    expect(taken.titles).toEqual([{ slug: 'note', title: 'Une note', day: '2026-11-24' }]);
  });

  it('refuses an article that is not published; counts nothing while the articles are unreadable', async () => {
    const { tally, ctx } = context();
    const draft = { type: 'view', path: '/fr/blog/brouillon', referrer: '' };
    expect((await answerBeacon('POST', headers(), body(draft), ctx)).status).toBe(400);
    const unreadable = context('unreadable');
    const note = { type: 'view', path: '/fr/blog/note', referrer: '' };
    expect((await answerBeacon('POST', headers(), body(note), unreadable.ctx)).status).toBe(204);
    expect(tally.empty && unreadable.tally.empty).toBe(true);
  });

  it('counts a page not found apart, under the address asked for', async () => {
    const { tally, ctx } = context();
    const lost = { type: 'view', path: '/fr/blog/ancien', referrer: '', notFound: true };
    expect((await answerBeacon('POST', headers(), body(lost), ctx)).status).toBe(204);
    const long = { type: 'view', path: `/${'x'.repeat(400)}`, referrer: '', notFound: true };
    expect((await answerBeacon('POST', headers(), body(long), ctx)).status).toBe(204);
    expect(counts(tally)).toEqual([
      'not-found /fr/blog/ancien  1',
      `not-found /${'x'.repeat(299)}  1`,
    ]);
    // A page of the site is no page not found.
    for (const path of ['/fr', '/fr/blog/note'])
      expect(
        (await answerBeacon('POST', headers(), body({ ...lost, path }), ctx)).status,
        path,
      ).toBe(400);
  });

  it('leaves out robots, the project’s tools and visitors who object, with 204', async () => {
    const { tally, ctx } = context();
    const beacon = body({ type: 'view', path: '/fr', referrer: '' });
    for (const extra of [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': `${chrome} sorel-aubry-tools` },
      { cookie: 'cookieConsent=accepted; sa-audience=objection' },
      { 'sec-gpc': '1' },
    ] as Record<string, string>[])
      expect((await answerBeacon('POST', headers(extra), beacon, ctx)).status).toBe(204);
    expect(tally.empty).toBe(true);
  });
});

describe('answerBeacon: loading times', () => {
  it('puts each reported metric in its bucket, for the page’s kind', async () => {
    const { tally, ctx } = context();
    const beacon = {
      type: 'vitals',
      path: '/en/blog/note',
      LCP: 2100.4,
      INP: 56,
      CLS: 0.02,
      TTFB: 310,
    };
    expect((await answerBeacon('POST', headers(), body(beacon), ctx)).status).toBe(204);
    expect(
      tally.take().vitals.map(({ kind, metric, bucket }) => `${kind} ${metric} ${bucket}`),
    ).toEqual(['article LCP 2500', 'article INP 100', 'article CLS 25', 'article TTFB 400']);
  });

  it('refuses a time no page takes, and a beacon without any', async () => {
    const { tally, ctx } = context();
    for (const beacon of [
      { type: 'vitals', path: '/fr', LCP: 1e9 },
      { type: 'vitals', path: '/fr', CLS: 11 },
      { type: 'vitals', path: '/fr', INP: -3 },
      { type: 'vitals', path: '/fr', TTFB: 300, LCP: 999_999 },
      { type: 'vitals', path: '/fr' },
      { type: 'vitals', path: '/fr/nulle-part', LCP: 100 },
    ])
      expect(
        (await answerBeacon('POST', headers(), body(beacon), ctx)).status,
        JSON.stringify(beacon),
      ).toBe(400);
    expect(tally.empty).toBe(true);
  });
});

describe('answerBeacon: requests that are no beacon of this site', () => {
  it('answer 4xx and change nothing', async () => {
    const { tally, ctx } = context();
    const valid = { type: 'view', path: '/fr', referrer: '' };
    const cases: [string, Record<string, string>, Buffer, number][] = [
      ['GET', headers(), body(valid), 405],
      ['POST', headers({ origin: 'https://evil.example' }), body(valid), 403],
      ['POST', headers({ 'content-type': 'application/x-www-form-urlencoded' }), body(valid), 415],
      ['POST', headers(), Buffer.alloc(1025, 32), 413],
      ['POST', headers(), Buffer.from('{"type":"view"'), 400],
      ['POST', headers(), Buffer.from([0xff, 0xfe]), 400],
      ['POST', headers(), body([valid]), 400],
      ['POST', headers(), body({ ...valid, visitor: 'abc' }), 400],
      ['POST', headers(), body({ ...valid, type: 'click' }), 400],
      ['POST', headers(), body({ ...valid, path: 'https://x.example/fr' }), 400],
      ['POST', headers(), body({ ...valid, path: '/fr\n/en' }), 400],
      ['POST', headers(), body({ ...valid, referrer: 'https://www.google.fr/search?q=x' }), 400],
      ['POST', headers(), body({ ...valid, notFound: false }), 400],
      ['POST', headers(), body({ ...valid, path: 42 }), 400],
    ];
    for (const [method, requestHeaders, requestBody, status] of cases)
      expect(
        (await answerBeacon(method, requestHeaders, requestBody, ctx)).status,
        `${method} ${requestBody.toString().slice(0, 60)}`,
      ).toBe(status);
    expect(tally.empty).toBe(true);
  });
});

describe('answerNoScriptView', () => {
  it('counts the view of a page read without JavaScript, with no source', async () => {
    const { tally, ctx } = context();
    const url = new URL('https://x/api/audience/sans-script?path=%2Fen%2Fhelene-sorel');
    expect((await answerNoScriptView('GET', url, headers(), ctx)).status).toBe(204);
    const notFound = new URL('https://x/api/audience/sans-script?path=%2Fperdu&notFound=1');
    expect((await answerNoScriptView('GET', notFound, headers(), ctx)).status).toBe(204);
    expect(counts(tally)).toEqual([
      'device /en/helene-sorel computer 1',
      'not-found /perdu  1',
      'view /en/helene-sorel  1',
    ]);
    const other = new URL('https://x/api/audience/sans-script?path=%2Fen&visitor=1');
    expect((await answerNoScriptView('GET', other, headers(), ctx)).status).toBe(400);
  });
});

describe('answerObjection', () => {
  const form = (text: string) => Buffer.from(text);
  const formHeaders = headers({ 'content-type': 'application/x-www-form-urlencoded' });

  it('records the objection for a year and goes back to the cookie policy', () => {
    const answer = answerObjection(
      'POST',
      { ...formHeaders, 'x-forwarded-proto': 'https' },
      form('locale=en&choice=object'),
      SITE,
    );
    expect(answer.status).toBe(303);
    expect(answer.headers?.Location).toBe('/en/politique-cookies#mesure-audience');
    expect(answer.headers?.['Set-Cookie']).toMatch(
      /^sa-audience=objection; .*Max-Age=31536000; Secure$/,
    );
    const withdrawn = answerObjection('POST', formHeaders, form('locale=fr&choice=withdraw'), SITE);
    expect(withdrawn.headers?.['Set-Cookie']).toMatch(/^sa-audience=; .*Max-Age=0/);
  });

  it('refuses anything else', () => {
    expect(answerObjection('GET', formHeaders, form(''), SITE).status).toBe(405);
    expect(
      answerObjection(
        'POST',
        { ...formHeaders, origin: 'https://evil.example' },
        form('locale=fr&choice=object'),
        SITE,
      ).status,
    ).toBe(403);
    expect(answerObjection('POST', headers(), form('locale=fr&choice=object'), SITE).status).toBe(
      415,
    );
    expect(answerObjection('POST', formHeaders, form('locale=de&choice=object'), SITE).status).toBe(
      400,
    );
    expect(answerObjection('POST', formHeaders, form('locale=fr&choice=maybe'), SITE).status).toBe(
      400,
    );
  });
});
