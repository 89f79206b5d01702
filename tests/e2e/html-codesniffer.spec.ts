import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A second accessibility rule engine beside axe: HTML_CodeSniffer (pa11y's maintained release),
 * WCAG 2 AA, on every page kind at a desktop and a phone width. Its rules were written apart from
 * axe's and read some markup differently (a link named only by aria-label over an empty alt, for
 * one), so a page passes both only when its names and structure hold for more than one reader.
 *
 * Its errors fail the test unless listed below as a false positive, with the reason. Its
 * warnings and notices are the checks it cannot decide (a person must look), as in pa11y's default.
 */
const sniffer = readFileSync(
  createRequire(__filename).resolve('@pa11y/html_codesniffer/build/HTMLCS.js'),
  'utf8',
);

interface Finding {
  code: string;
  /** The element: tag, id and classes, then its opening markup. */
  element: string;
  message: string;
}

/** Errors HTML_CodeSniffer reports wrongly here: its code, the element it names, and why. */
const falsePositives: { code: string; element: RegExp; reason: string }[] = [];

const pageKinds = [
  '/fr',
  '/en',
  '/fr/helene-sorel',
  '/en/julien-aubry',
  '/fr/actualites',
  '/en/blog/conges-payes-et-arret-maladie',
  '/fr/mentions-legales',
  '/en/politique-confidentialite',
  '/fr/politique-cookies',
  '/fr/page-inconnue',
];

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function sniff(page: Page): Promise<Finding[]> {
  // Run as the test's own script, which the page's Content-Security-Policy does not govern.
  await page.evaluate(sniffer);
  return page.evaluate(
    () =>
      new Promise<Finding[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Node | null };
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process(
                standard: string,
                content: Document,
                done: () => void,
                failed: () => void,
                language: string,
              ): void;
              getMessages(): Message[];
            };
          }
        ).HTMLCS;
        const describe = (element: Node | null) => {
          if (!(element instanceof Element)) return element?.nodeName ?? 'document';
          const classes = Array.from(element.classList).slice(0, 3);
          const name = `${element.localName}${element.id ? `#${element.id}` : ''}${classes.map((c) => `.${c}`).join('')}`;
          return `${name} ${element.outerHTML.slice(0, 160)}`;
        };
        htmlcs.process(
          'WCAG2AA',
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((message) => message.type === 1)
                .map((message) => ({
                  code: message.code,
                  element: describe(message.element),
                  message: message.msg,
                })),
            ),
          () => reject(new Error('HTML_CodeSniffer failed')),
          'en',
        );
      }),
  );
}

/** The findings not listed as false positives, one readable entry each. */
function unexplained(findings: Finding[]): string[] {
  return findings
    .filter(
      (finding) =>
        !falsePositives.some(
          (known) => known.code === finding.code && known.element.test(finding.element),
        ),
    )
    .map((f) => `${f.code}\n  ${f.element}\n  ${f.message}`);
}

for (const { name, viewport } of widths) {
  test.describe(`HTML_CodeSniffer, ${name}, first visit`, () => {
    test.use({ viewport, splashSeen: false, consentStored: false });
    test('/fr with the welcome screen and the cookie banner open has no WCAG 2 AA error', async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/fr');
      await expect(page.getByTestId('splash')).toBeVisible();
      await expect(page.getByTestId('consent-banner')).toBeVisible();
      expect(unexplained(await sniff(page)), 'HTML_CodeSniffer errors on /fr').toEqual([]);
    });
  });

  test.describe(`HTML_CodeSniffer, ${name}`, () => {
    test.use({ viewport });
    for (const address of pageKinds) {
      test(`${address} has no WCAG 2 AA error`, async ({ page }) => {
        // Every block shown at once, as it is read once scrolled to.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const response = await page.goto(address);
        expect(response?.status()).toBe(address.endsWith('inconnue') ? 404 : 200);
        expect(unexplained(await sniff(page)), `HTML_CodeSniffer errors on ${address}`).toEqual([]);
      });
    }
  });
}
