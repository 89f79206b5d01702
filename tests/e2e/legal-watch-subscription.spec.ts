import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { freePort } from '../../harness/ports';
import { e2eSheetUrl } from '../../playwright.config';
import { decodedText, SmtpSink } from '../support/smtp-sink';
import { axe } from './axe';
import { SPLASH_SEEN_COOKIE } from './fixtures';

/**
 * A reader subscribes to the legal watch from the news list, reads the confirmation e-mail (a real
 * SMTP server on loopback), confirms with the page's button, receives an article the editors send
 * from the test sheet, then leaves from the letter's unsubscribe link; and a reader without
 * JavaScript subscribes from the footer. The site runs with its own SITE_URL, so the e-mails'
 * links point at it, and its own database, so the articles sent here are sent nowhere else.
 */
const SECRET = 'e2e letters secret';
test.describe.configure({ mode: 'serial' });

let server: NextServer;
let smtp: SmtpSink;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-letters-'));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await SmtpSink.start('up');
  const port = await freePort();
  server = await startNextServer(
    {
      SITE_URL: `http://127.0.0.1:${port}`,
      REVALIDATE_SECRET: SECRET,
      SMTP_URL: smtp.url,
      DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
      TRUST_PROXY: 'true',
      CONTACT_OUTBOX_POLL_MS: '100',
      // The sheet playwright.config.ts serves, and no pacing: the letter goes at once.
      ARTICLES_SHEET_URL: e2eSheetUrl,
      NEWSLETTER_RATE_PER_MINUTE: '0',
    },
    { port },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The splash seen and the banner answered, as for most of the site's tests; a distinct visitor. */
async function visitor(page: Page) {
  await page.context().addCookies([
    { ...SPLASH_SEEN_COOKIE, url: server.url, sameSite: 'Lax' },
    { name: 'cookieConsent', value: 'dismissed', url: server.url, sameSite: 'Lax' },
  ]);
  await page.setExtraHTTPHeaders({
    'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  });
}

const mailTo = (address: string) => smtp.received.find((mail) => mail.to.includes(address));
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** The editors' "Envoyer à N abonnés", as the Sheet's sidebar calls it (docs/editors.md). */
async function send(request: APIRequestContext, slug: string) {
  const response = await request.post(`${server.url}/api/letters/${slug}/send`, {
    headers: { authorization: `Bearer ${SECRET}` },
  });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

test('subscribe from the news list, confirm from the e-mail, receive an article, unsubscribe from the letter', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await visitor(page);
  const address = `lectrice.${randomUUID().slice(0, 8)}@example.test`;
  await page.goto(`${server.url}/fr/blog`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const form = page
    .getByRole('main')
    .getByRole('form', { name: 'Recevoir la veille sociale par e-mail' });
  await expect(form).toContainText('un clic suffit pour vous désinscrire');
  await expect(form.getByRole('link', { name: /politique de confidentialité/ })).toHaveAttribute(
    'href',
    '/fr/politique-confidentialite',
  );
  const language = form.getByLabel('Langue des e-mails');
  await expect(language).toHaveValue('fr');

  // An address the browser accepts but the server does not: the error is tied to the field.
  const field = form.getByLabel('Votre adresse e-mail');
  await field.fill('nom@exemple');
  await form.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(form.getByRole('status')).toContainText('Veuillez saisir une adresse e-mail valide');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/adresse e-mail valide/);

  await field.fill(address);
  await language.selectOption('en');
  await form.getByRole('button', { name: 'S’inscrire' }).click();
  await expect(form.getByRole('status')).toContainText('Demande reçue');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  expect(new URL(page.url()).pathname).toBe('/fr/blog');

  await expect.poll(() => mailTo(address), { timeout: 30_000 }).toBeTruthy();
  const mail = mailTo(address)!;
  expect(mail.headers.subject).toContain('Confirm your subscription');
  const confirm = /(http:\/\/\S+\/api\/veille\/confirmation\/\S+)/.exec(decodedText(mail))?.[1];
  expect(confirm).toBeTruthy();

  await page.goto(confirm!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription?');
  await expect(page.getByRole('main')).toContainText(address);
  expect(
    (await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations,
  ).toEqual([]);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');

  // The editors send an online article of the test sheet: the letter reaches her, in English.
  const slug = 'conges-payes-et-arret-maladie';
  expect((await send(request, slug)).body.outcome).toBe('started');
  await expect.poll(() => mailsTo(address).length, { timeout: 30_000 }).toBe(2);
  const letter = mailsTo(address)[1]!;
  expect(letter.to).toEqual([address]);
  expect(letter.headers.subject).toBe('Employment-law updates · Paid leave and sick leave');
  const text = decodedText(letter);
  expect(text).toContain(`${server.url}/en/blog/${slug}`);
  expect(letter.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const leave = /^<(http:\/\/[^>]+)>$/.exec(letter.headers['list-unsubscribe'] ?? '')?.[1];
  expect(leave).toMatch(`${server.url}/api/veille/desinscription/`);
  expect(text).toContain(leave);

  await page.goto(leave!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Unsubscribe from our employment-law updates?',
  );
  expect(
    (await axe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations,
  ).toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe me' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribed');
  await page.goto(leave!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Address already unsubscribed');

  // She was this site's only subscriber: the next article has no one to go to.
  const next = await send(request, 'conges-payes-le-report-apres-un-arret-de-travail');
  expect(next).toMatchObject({ status: 409, body: { error: 'no-subscriber' } });
  expect(mailsTo(address)).toHaveLength(2);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer’s form posts and lands on the page saying what happens next', async ({
    page,
  }) => {
    await visitor(page);
    const address = `reader.${randomUUID().slice(0, 8)}@example.test`;
    await page.goto(`${server.url}/en/mentions-legales`);
    const form = page.getByRole('contentinfo').getByRole('form', {
      name: 'Receive our employment-law updates by e-mail',
    });
    await form.getByLabel('Your e-mail address').fill(address);
    await expect(form.getByLabel('Language of the e-mails')).toHaveValue('en');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(`${server.url}/en/veille/demande-recue`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox');
    await expect.poll(() => mailTo(address), { timeout: 30_000 }).toBeTruthy();
    expect(mailTo(address)!.headers['content-language']).toBe('en');
  });
});
