import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { firm, partners } from '@/lib/content/firm';
import { dictionaries } from '@/lib/i18n/messages';
import { expect, test } from './fixtures';

/**
 * A page printed as a visitor would, to PDF by Chromium, read back with poppler-utils
 * (pdftotext, pdftoppm): the document carries the firm, the page's text and where and when it was
 * printed, and nothing a reader acts on. Each test keeps a picture of its first page in its
 * output folder (test-results/), to look at.
 */
const site = 'https://www.sorel-aubry-avocats.fr';
const fr = dictionaries.fr;

/** What Chromium prints of the page, as text with its spaces collapsed, and its first page as PNG. */
async function printed(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => true));
  const pdf = testInfo.outputPath(`${name}.pdf`);
  writeFileSync(pdf, await page.pdf({ format: 'A4' }));
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-f',
    '1',
    '-l',
    '1',
    pdf,
    testInfo.outputPath(name),
  ]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
  return text.replace(/\s+/g, ' ');
}

/**
 * Addresses compared without spaces and hyphens: pdftotext joins a line broken after a hyphen
 * ("sorel-aubry-⏎avocats.fr") by dropping the hyphen.
 */
const compact = (text: string) => text.replace(/[\s-]/g, '');

/** Texts of the screen's interactive parts, none of which may reach paper. */
const interactiveTexts = [
  fr.common.skipLink,
  fr.common.nav.team,
  fr.common.nav.news,
  fr.common.scrollTop,
  fr.consent.banner.title,
  fr.consent.banner.acceptAll,
  fr.articles.article.share,
  fr.articles.article.back,
  fr.common.splash.enter,
];

const today = () =>
  new Date().toLocaleDateString('fr', { day: 'numeric', month: 'long', year: 'numeric' });

// The cookie banner and the welcome screen are open on screen: they must still not print.
test.use({ consentStored: false });

test('an article prints as a document: firm, title, date, text, link addresses, source', async ({
  page,
}, testInfo) => {
  const path = '/fr/blog/transparence-des-remunerations-preparer-la-directive-europeenne';
  await page.goto(path);
  await expect(page.getByTestId('consent-banner')).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const date = (await page.getByTestId('article').locator('time').textContent()) ?? '';
  const text = await printed(page, testInfo, 'article');

  for (const expected of [firm.name, title, date, 'L’employeur publie ses écarts'])
    expect(text).toContain(expected.replace(/\s+/g, ' '));
  // An outside link shows its address, a link to this site its full address.
  expect(compact(text)).toContain(
    compact('la directive (https://eur-lex.europa.eu/eli/dir/2023/970/oj)'),
  );
  expect(compact(text)).toContain(compact(`nos autres articles (${site}/fr/actualites)`));
  // The page's own address and the day it was printed, at the end.
  expect(compact(text)).toContain(compact(`${site}${path}`));
  expect(text).toContain(today());
  expect(text.lastIndexOf(today())).toBeGreaterThan(text.indexOf('L’employeur publie ses écarts'));
  for (const unwanted of interactiveTexts) expect(text).not.toContain(unwanted);
});

test('the legal notice prints with the firm, its title and its address', async ({
  page,
}, testInfo) => {
  await page.goto('/fr/mentions-legales');
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  // The closing line is written once the page has loaded, for a print that announces none…
  const source = page.locator('#print-source');
  await expect.poll(() => source.getAttribute('data-printed')).toContain(today());
  // …and again as printing starts (`beforeprint`): without it, this print would have no such line.
  await source.evaluate((element) => element.removeAttribute('data-printed'));
  const text = await printed(page, testInfo, 'legal-notice');
  expect(text).toContain(firm.name);
  expect(text).toContain(title.replace(/\s+/g, ' '));
  expect(compact(text)).toContain(compact(`${site}/fr/mentions-legales`));
  expect(text).toContain(today());
  for (const unwanted of interactiveTexts) expect(text).not.toContain(unwanted);
});

test.describe('the home page', () => {
  test.use({ splashSeen: false });

  test('prints as a summary of the firm: address, e-mail, each partner’s direct line', async ({
    page,
  }, testInfo) => {
    await page.goto('/fr');
    await expect(page.getByTestId('splash')).toBeVisible();
    const text = await printed(page, testInfo, 'home');
    expect(text).toContain(firm.address.street);
    expect(text).toContain(firm.email);
    for (const partner of partners) {
      expect(text).toContain(partner.name);
      expect(text).toContain(partner.phone);
    }
    // A summary: the home page's sections do not print.
    expect(text).not.toContain(fr.home.sections.expertises);
    for (const unwanted of interactiveTexts) expect(text).not.toContain(unwanted);
  });
});
