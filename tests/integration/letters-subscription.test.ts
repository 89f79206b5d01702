import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firm, formatAddress } from '@/lib/content/firm';
import { audienceStore } from '@/lib/audience/store';
import { openDatabase } from '@/lib/db/client';
import { parisDay } from '@/lib/paris-clock';
import { confirmUrl, unsubscribeUrl } from '@/lib/letters/links';
import { lettersStore, type Subscriber } from '@/lib/letters/store';
import { TestDatabases, validMessage } from '../support/contact';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { freePort } from '../../harness/ports';
import { decodedText, SmtpSink, type ReceivedMail } from '../support/smtp-sink';

/**
 * Subscribing to the legal watch on the production build, with real SQLite and a real SMTP server
 * on loopback: the form's answers (JSON and without JavaScript), one confirmation e-mail per
 * address per 24 hours and silence on known addresses, the confirmation and unsubscribe links
 * (GET shows, POST acts; RFC 8058's one-click POST without Origin), the per-address limit, and
 * the site without REVALIDATE_SECRET. Time is never waited for: a link is signed in the past.
 */
const databases = new TestDatabases();
afterAll(() => databases.stop());

const SECRET = 'letters secret of the test site';
const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const newAddress = (name = 'lectrice') => `${name}.${(counter += 1)}@example.test`;
/** Each request from its own client address, unless a test says otherwise (TRUST_PROXY). */
const nextClient = () => `198.51.100.${(counter += 1) % 250}`;

describe('subscribing to the legal watch on the running site (sqlite)', () => {
  let site: NextServer;
  let smtp: SmtpSink;
  let url: string;

  beforeAll(async () => {
    smtp = await SmtpSink.start('up');
    url = await databases.url('sqlite');
    const port = await freePort();
    site = await startNextServer(
      {
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        SITE_URL: `http://127.0.0.1:${port}`,
        REVALIDATE_SECRET: SECRET,
        TRUST_PROXY: 'true',
        CONTACT_RETRY_BASE_MS: '300',
        CONTACT_OUTBOX_POLL_MS: '100',
        AUDIENCE_FLUSH_MS: '100',
      },
      { port },
    );
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
  });

  const subscribeJson = (body: Record<string, unknown>, client = nextClient()) =>
    fetch(`${site.url}/api/veille/inscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(body),
    });
  const subscribeForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/api/veille/inscription`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': nextClient(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
  const mailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  const confirmLinkOf = (mail: ReceivedMail) =>
    /(http:\/\/\S+\/api\/veille\/confirmation\/\S+)/.exec(decodedText(mail))?.[1] ?? '';
  const subscriberIdOf = (link: string) => link.split('/').at(-1)!.split('.')[0]!;

  async function subscriber(id: string): Promise<Subscriber | null> {
    const store = lettersStore(await openDatabase(url));
    try {
      return await store.find(id);
    } finally {
      await store.close();
    }
  }
  /** Subscribes a new address and waits for its e-mail: the outbox has sent what came before. */
  async function outboxCaughtUp() {
    const address = newAddress('temoin');
    expect((await subscribeJson({ email: address, locale: 'fr' })).status).toBe(202);
    await expect.poll(() => mailsTo(address).length, { timeout: 30_000 }).toBe(1);
  }
  async function subscribedAndMailed(address: string, fields: Record<string, string> = {}) {
    const response = await subscribeJson({
      email: address,
      locale: 'fr',
      page: '/fr/blog',
      ...fields,
    });
    expect(response.status).toBe(202);
    await expect.poll(() => mailsTo(address).length, { timeout: 30_000 }).toBe(1);
    return mailsTo(address)[0]!;
  }

  it('sends one confirmation e-mail in the letters’ language: why, the link, the firm’s name and address, no tracking', async () => {
    const address = newAddress();
    const response = await subscribeJson({
      email: `  ${address.toUpperCase()} `,
      locale: 'fr',
      letters: 'en',
      page: '/fr/blog',
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = (await response.json()) as { message: string };
    expect(answer.message).toContain('e-mail de confirmation');

    await expect.poll(() => mailsTo(address).length, { timeout: 30_000 }).toBe(1);
    const mail = mailsTo(address)[0]!;
    expect(mail.headers.subject).toContain('Confirm your subscription');
    expect(mail.headers.subject).toContain(firm.name);
    expect(mail.headers['message-id']).toMatch(/^<letter-confirmation-[0-9a-f-]+-\d+@/);
    expect(mail.headers['content-type']).toMatch(/^text\/plain/);
    const text = decodedText(mail);
    expect(text).toContain(formatAddress('en'));
    expect(text).toContain('Someone, probably you, asked on our website');
    const link = confirmLinkOf(mail);
    expect(link.startsWith(`${site.url}/api/veille/confirmation/`)).toBe(true);
    // The only link is the site's own, unrewritten, and nothing is loaded from anywhere.
    expect(text.match(/https?:\/\/\S+/g)).toEqual([link]);
    expect(mail.raw).not.toMatch(/<img|text\/html/i);

    const stored = await subscriber(subscriberIdOf(link));
    expect(stored).toMatchObject({
      address,
      locale: 'en',
      consentPage: '/fr/blog',
      confirmedAt: null,
    });
  });

  /** Today's count of one of the monthly report's subscriber figures, as the site wrote it. */
  async function reported(value: 'new' | 'unsubscribed'): Promise<number> {
    const database = await openDatabase(url);
    try {
      const day = parisDay(Date.now());
      const { counts } = await audienceStore(database).period(day, day);
      const row = counts.find((c) => c.measure === 'subscribers' && c.value === value);
      return row ? Number(row.count) : 0;
    } finally {
      await database.close();
    }
  }

  it('tells the monthly report: a confirmation counts a new subscriber, an unsubscription one leaving', async () => {
    const [joined, left] = [await reported('new'), await reported('unsubscribed')];
    const link = confirmLinkOf(await subscribedAndMailed(newAddress()));
    expect((await fetch(link, { method: 'POST', headers: { origin: site.url } })).status).toBe(200);
    await expect.poll(() => reported('new'), { timeout: 20_000 }).toBe(joined + 1);
    const leave = unsubscribeUrl(site.url, subscriberIdOf(link), SECRET);
    expect((await fetch(leave, { method: 'POST', headers: { origin: site.url } })).status).toBe(
      200,
    );
    await expect.poll(() => reported('unsubscribed'), { timeout: 20_000 }).toBe(left + 1);
    // A second click changes nothing, and counts nothing.
    await fetch(leave, { method: 'POST', headers: { origin: site.url } });
    await outboxCaughtUp();
    expect(await reported('unsubscribed')).toBe(left + 1);
  });

  it('sends at most one confirmation e-mail per address in 24 hours, and answers the same to a known or confirmed address', async () => {
    const address = newAddress();
    const first = await subscribedAndMailed(address);
    const expected = await (await subscribeJson({ email: newAddress(), locale: 'fr' })).json();
    for (const email of [address, address.toUpperCase(), ` ${address}`]) {
      const again = await subscribeJson({ email, locale: 'fr' });
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual(expected);
    }
    await outboxCaughtUp();
    expect(mailsTo(address)).toHaveLength(1);

    // Confirmed: still the same answer, and nothing is sent.
    const link = confirmLinkOf(first);
    expect((await fetch(link, { method: 'POST', headers: { origin: site.url } })).status).toBe(200);
    const known = await subscribeJson({ email: address, locale: 'fr', letters: 'en' });
    expect(known.status).toBe(202);
    expect(await known.json()).toEqual(expected);
    await outboxCaughtUp();
    expect(mailsTo(address)).toHaveLength(1);
  });

  it('confirms only by the button: GET shows one button and changes nothing; POST confirms once; another site is refused', async () => {
    const address = newAddress();
    const link = confirmLinkOf(await subscribedAndMailed(address, { letters: 'fr' }));
    const id = subscriberIdOf(link);
    for (let i = 0; i < 3; i += 1) {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const html = await page.text();
      expect(html).toContain('<meta name="referrer" content="same-origin">');
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('Confirmer votre inscription\u00a0?');
      expect(html).toContain(address);
      expect(html.match(/<button/g)).toHaveLength(1);
    }
    expect((await subscriber(id))?.confirmedAt).toBeNull();

    const otherSites: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of otherSites) {
      const refused = await fetch(link, { method: 'POST', headers });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('Demande refusée');
    }
    expect((await subscriber(id))?.confirmedAt).toBeNull();

    const confirmed = await fetch(link, { method: 'POST', headers: { origin: site.url } });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Inscription confirmée');
    expect((await subscriber(id))?.confirmedAt).toEqual(expect.any(Number));

    const again = await fetch(link, { method: 'POST', headers: { origin: site.url } });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Inscription déjà confirmée');
    expect(await (await fetch(link)).text()).toContain('Inscription déjà confirmée');
  });

  it('refuses an expired confirmation link (410) and a forged one (404), changing nothing', async () => {
    const address = newAddress();
    const id = subscriberIdOf(confirmLinkOf(await subscribedAndMailed(address, { letters: 'en' })));
    const expired = confirmUrl(site.url, id, Date.now() - 8 * DAY, SECRET);
    for (const method of ['GET', 'POST']) {
      const response = await fetch(expired, { method, headers: { origin: site.url } });
      expect(response.status).toBe(410);
      expect(await response.text()).toContain('Link expired');
    }
    const forged = confirmUrl(site.url, id, Date.now(), 'another secret');
    const refused = await fetch(forged, { method: 'POST', headers: { origin: site.url } });
    expect(refused.status).toBe(404);
    expect((await subscriber(id))?.confirmedAt).toBeNull();
  });

  it('unsubscribes by the one-click POST without Origin (RFC 8058) or the page’s button, never by a GET, and deletes the address', async () => {
    const address = newAddress();
    const confirm = confirmLinkOf(await subscribedAndMailed(address, { letters: 'en' }));
    const id = subscriberIdOf(confirm);
    await fetch(confirm, { method: 'POST', headers: { origin: site.url } });
    const link = unsubscribeUrl(site.url, id, SECRET);

    for (let i = 0; i < 3; i += 1) {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('Unsubscribe from our employment-law updates?');
      expect(html.match(/<button/g)).toHaveLength(1);
    }
    expect(await subscriber(id)).not.toBeNull();

    const fromAnotherSite = await fetch(link, {
      method: 'POST',
      headers: {
        origin: 'https://attacker.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(fromAnotherSite.status).toBe(403);
    expect(await subscriber(id)).not.toBeNull();

    // What a mail provider's server sends: no Origin, no Sec-Fetch-Site, the RFC's body.
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Unsubscribed');
    expect(await subscriber(id)).toBeNull();
    expect(site.output()).toContain(`[letters] subscriber ${id} unsubscribed and deleted`);

    // Her language is gone with her address: the browser's is used.
    const again = await fetch(link, {
      method: 'POST',
      headers: { origin: site.url, 'accept-language': 'en-GB,en' },
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('not, or no longer, subscribed');
  });

  it('without JavaScript: 303 to the page saying what happens next, in the form’s language; a refused form answers a page with the status', async () => {
    const address = newAddress();
    const accepted = await subscribeForm({
      email: address,
      locale: 'en',
      letters: 'fr',
      page: '/en/blog',
    });
    expect(accepted.status).toBe(303);
    const location = accepted.headers.get('location')!;
    expect(new URL(location, site.url).pathname).toBe('/en/veille/demande-recue');
    const next = await fetch(new URL(location, site.url));
    expect(next.status).toBe(200);
    expect(await next.text()).toContain('Check your inbox');
    await expect.poll(() => mailsTo(address).length, { timeout: 30_000 }).toBe(1);
    expect(mailsTo(address)[0]!.headers.subject).toContain('Confirmez votre inscription');

    const invalid = await subscribeForm({
      email: 'pas-une-adresse',
      locale: 'fr',
      page: '/fr/blog/un-article',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await invalid.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Veuillez saisir une adresse e-mail valide');
    expect(html).toContain('href="/fr/blog/un-article"');

    // A page address from elsewhere is not linked back to.
    const elsewhere = await subscribeForm({ email: '', locale: 'en', page: '//attacker.example/' });
    expect(elsewhere.status).toBe(400);
    const text = await elsewhere.text();
    expect(text).toContain('Please enter your e-mail address');
    expect(text).not.toContain('attacker.example');
  });

  it('validates the address with clear errors, and refuses another site, another type and a large body', async () => {
    const cases: [unknown, string][] = [
      [{ locale: 'fr' }, 'Veuillez saisir votre adresse e-mail'],
      [{ email: 'nom@', locale: 'fr' }, 'Veuillez saisir une adresse e-mail valide'],
      [
        { email: `${'a'.repeat(250)}@example.test`, locale: 'en' },
        'must not exceed 254 characters',
      ],
    ];
    for (const [body, error] of cases) {
      const response = await subscribeJson(body as Record<string, unknown>);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { errors: { email: string } };
      expect(answer.errors.email).toContain(error);
    }
    const crossSite = await fetch(`${site.url}/api/veille/inscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      body: JSON.stringify({ email: newAddress(), locale: 'fr' }),
    });
    expect(crossSite.status).toBe(403);
    const text = await fetch(`${site.url}/api/veille/inscription`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'email=x@example.test',
    });
    expect(text.status).toBe(415);
    const large = await subscribeJson({
      email: newAddress(),
      locale: 'fr',
      padding: 'x'.repeat(8000),
    });
    expect(large.status).toBe(413);
    const get = await fetch(`${site.url}/api/veille/inscription`, {
      headers: { 'accept-language': 'en' },
    });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(await get.json()).toEqual({ message: expect.stringMatching(/\S/) });
    // The links' pages serve GET and POST only.
    const link = unsubscribeUrl(site.url, '0b6f3c1e-52a4-4d8e-9f10-2a3b4c5d6e7f', SECRET);
    const put = await fetch(link, { method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
    // OPTIONS names what is served, not the handlers that answer 405.
    const options = await fetch(link, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow')]).toEqual([
      204,
      'GET, HEAD, OPTIONS, POST',
    ]);
    const form = await fetch(`${site.url}/api/veille/inscription`, { method: 'OPTIONS' });
    expect([form.status, form.headers.get('allow')]).toEqual([204, 'OPTIONS, POST']);
  });

  it('limits requests per client address with its own count: the contact form from the same address still works', async () => {
    const client = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await subscribeJson({ email: newAddress(), locale: 'fr' }, client)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const limited = await subscribeJson({ email: newAddress(), locale: 'en' }, client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toContain('Too many requests');

    const contact = await fetch(`${site.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(validMessage()),
    });
    expect(contact.status).toBe(201);
  });

  it('purges unconfirmed addresses 7 days after their request, with their e-mail', async () => {
    const address = newAddress();
    const id = subscriberIdOf(confirmLinkOf(await subscribedAndMailed(address)));
    const database = await openDatabase(url);
    try {
      const statement = sql`UPDATE letter_subscribers SET consented_at = ${Date.now() - 8 * DAY} WHERE id = ${id}`;
      if (database.dialect === 'sqlite') await database.db.run(statement);
      else await database.db.execute(statement);
    } finally {
      await database.close();
    }
    // The purge runs at start and every hour: a restart runs it now.
    await site.stop();
    site = await startNextServer(
      {
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        SITE_URL: `http://127.0.0.1:${site.port}`,
        REVALIDATE_SECRET: SECRET,
        TRUST_PROXY: 'true',
      },
      { port: site.port },
    );
    await expect
      .poll(() => site.output(), { timeout: 30_000 })
      .toContain('[letters] purged 1 address(es) unconfirmed after 7 days');
    expect(await subscriber(id)).toBeNull();
    const after = await openDatabase(url);
    try {
      if (after.dialect !== 'sqlite') throw new Error('this suite runs on SQLite');
      const rows = await after.db.all(
        sql`SELECT subscriber_id FROM letter_confirmations WHERE subscriber_id = ${id}`,
      );
      expect(rows).toEqual([]);
    } finally {
      await after.close();
    }
  });
});

describe('the site without REVALIDATE_SECRET', () => {
  let site: NextServer;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await SmtpSink.start('up');
    site = await startNextServer({
      DATABASE_URL: await databases.url('sqlite'),
      SMTP_URL: smtp.url,
      REVALIDATE_SECRET: '',
    });
  });
  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
  });

  it('says so at start, shows no form and sends nothing', async () => {
    expect(site.output()).toContain('[letters] REVALIDATE_SECRET is not set');
    for (const path of ['/fr/blog', '/en']) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html).toContain('</footer>');
      expect(html).not.toContain('data-testid="subscribe-form"');
    }
    const response = await fetch(`${site.url}/api/veille/inscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lecteur@example.test', locale: 'fr' }),
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toContain('pas proposée');
    expect(smtp.received).toHaveLength(0);
  });
});
