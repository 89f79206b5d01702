import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

/**
 * A crawl of every page the sitemap lists, in both languages: no console error, no failed
 * same-origin request, no broken internal link or #anchor, no serious or critical axe violation.
 */
const site = 'https://www.sorel-aubry-avocats.fr';

test.describe.configure({ mode: 'parallel' });

let pages: string[] = [];
test.beforeAll(async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    (match[1] ?? '').replace(site, ''),
  );
});

test('the sitemap lists the static pages and the published articles in both languages', () => {
  expect(pages.length).toBeGreaterThanOrEqual(16);
  expect(pages.filter((path) => path.startsWith('/fr/blog/')).length).toBeGreaterThan(0);
  expect(pages.filter((path) => path.startsWith('/en/blog/')).length).toBeGreaterThan(0);
});

const htmlCache = new Map<string, Promise<{ status: number; html: string }>>();

for (let index = 0; index < 40; index += 1) {
  test(`crawl page #${index + 1}`, async ({ page, request, baseURL }) => {
    const path = pages[index];
    test.skip(path === undefined, 'the sitemap lists fewer pages');
    if (!path) return;
    test.info().annotations.push({ type: 'page', description: path });

    const consoleErrors: string[] = [];
    const failed: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('requestfailed', (req) => {
      if (req.url().startsWith(baseURL ?? ''))
        failed.push(`${req.url()} ${req.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      if (response.url().startsWith(baseURL ?? '') && response.status() >= 400)
        failed.push(`${response.status()} ${response.url()}`);
    });

    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState('networkidle');

    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(
      serious.map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
      path,
    ).toEqual([]);

    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const internal = [
      ...new Set(hrefs.filter((href) => href.startsWith('/') || href.startsWith('#'))),
    ];
    for (const href of internal) {
      const url = new URL(href, `${baseURL}${path}`);
      const key = url.pathname + url.search;
      if (!htmlCache.has(key)) {
        htmlCache.set(
          key,
          request
            .get(key)
            .then(async (res) => ({
              status: res.status(),
              html: (res.headers()['content-type'] ?? '').includes('html') ? await res.text() : '',
            })),
        );
      }
      const target = await htmlCache.get(key)!;
      expect(target.status, `${path} links to ${href}`).toBe(200);
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor)
        expect(target.html, `${path} links to the missing anchor ${href}`).toContain(
          `id="${anchor}"`,
        );
    }

    expect(failed, path).toEqual([]);
    expect(consoleErrors, path).toEqual([]);
  });
}
