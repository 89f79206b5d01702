import type { APIRequestContext, Page } from '@playwright/test';
import { locales } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { documentPages, sitePages } from '@/lib/routing/pages';
import { expect, test } from './fixtures';
import { axe } from './axe';

/**
 * A crawl of every page the sitemap lists, in both languages: no console error, no failed
 * same-origin request, no broken internal link or #anchor, no serious or critical axe violation,
 * no raw translation key, no text drawn in a font other than the site's two web fonts.
 */
const site = 'https://www.sorel-aubry-avocats.fr';

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
    (match[1] ?? '').replace(site, ''),
  );
}

const staticPages = locales.flatMap((locale) =>
  documentPages.map((page) => localizedPath(locale, page.path)),
);

test('the sitemap lists the static pages and the published articles in both languages', async ({
  request,
}) => {
  const listed = await sitemapPaths(request);
  expect(listed).toEqual(
    expect.arrayContaining(
      locales.flatMap((locale) =>
        sitePages.filter((page) => page.inSitemap).map((page) => localizedPath(locale, page.path)),
      ),
    ),
  );
  expect(listed.filter((path) => path.startsWith('/fr/blog/')).length).toBeGreaterThan(0);
  expect(listed.filter((path) => path.startsWith('/en/blog/')).length).toBeGreaterThan(0);
});

/**
 * Every internal link target fetched so far by this worker: the header and footer links repeat on
 * every page, so each is fetched once rather than once per page.
 */
const linkTargets = new Map<string, Promise<{ status: number; html: string }>>();
function fetchLinkTarget(request: APIRequestContext, pathAndQuery: string) {
  let target = linkTargets.get(pathAndQuery);
  if (!target) {
    target = request
      .get(pathAndQuery)
      .then(async (response) => ({ status: response.status(), html: await response.text() }));
    linkTargets.set(pathAndQuery, target);
  }
  return target;
}

/** Code and cookie names: set in the system's monospace on purpose. */
const monospace = 'code, pre, kbd, samp, .font-mono';

/**
 * Every system font the browser drew some of the page's text in, once the web fonts have loaded,
 * with the element: a character the web fonts lack (an arrow, say) or a font named in an inline
 * SVG. Both look foreign next to Inter and Source Serif, and both make the browser look the font
 * up before its first paint. Monospace elements are left out, and so are their containers: the
 * browser reports an element's fonts with its descendants'.
 */
async function textInSystemFonts(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: `body *:not(${monospace}, :has(${monospace}), script, style)`,
    });
    const found: string[] = [];
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts.filter((font) => !font.isCustomFont)) {
        const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
        found.push(`${font.familyName} (${font.glyphCount} glyphs) in ${outerHTML.slice(0, 120)}`);
      }
    }
    return found;
  } finally {
    await cdp.detach();
  }
}

/** Opens one page and checks everything a visitor or a crawler would trip on. */
async function crawl(page: Page, request: APIRequestContext, baseURL: string, path: string) {
  const consoleErrors: string[] = [];
  const failed: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  };
  const onResponse = (response: { url(): string; status(): number }) => {
    if (response.url().startsWith(baseURL) && response.status() >= 400)
      failed.push(`${response.status()} ${response.url()}`);
  };
  const onFailure = (req: { url(): string; failure(): { errorText: string } | null }) => {
    if (req.url().startsWith(baseURL)) failed.push(`${req.url()} ${req.failure()?.errorText}`);
  };
  page.on('console', onConsole);
  page.on('response', onResponse);
  page.on('requestfailed', onFailure);
  try {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState('networkidle');

    const audit = await axe(page).analyze();
    const serious = audit.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(serious, path).toEqual([]);

    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const href of new Set(
      hrefs.filter((href) => href.startsWith('/') || href.startsWith('#')),
    )) {
      const url = new URL(href, `${baseURL}${path}`);
      const target = await fetchLinkTarget(request, url.pathname + url.search);
      expect(target.status, `${path} links to ${href}`).toBe(200);
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor)
        expect(target.html, `${path} links to the missing anchor ${href}`).toContain(
          `id="${anchor}"`,
        );
    }
    // A missing translation shows its dotted key: no page may show one.
    const text = await page.locator('body').innerText();
    expect(
      text.match(
        /\b(?:common|home|partners|legal|articles|contact|consent)\.[a-z][\w-]*(?:\.[\w-]+)*/gi,
      ) ?? [],
      path,
    ).toEqual([]);

    expect(await textInSystemFonts(page), path).toEqual([]);

    expect(failed, path).toEqual([]);
    expect(consoleErrors, path).toEqual([]);
  } finally {
    page.off('console', onConsole);
    page.off('response', onResponse);
    page.off('requestfailed', onFailure);
  }
}

test.describe('every page', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const path of staticPages) {
    test(`crawl ${path}`, async ({ page, request, baseURL }) => {
      await crawl(page, request, baseURL ?? '', path);
    });
  }

  // The 32 article pages in four parts, so that they spread over the workers and each part has
  // its own timeout.
  const parts = 4;
  for (let part = 0; part < parts; part += 1) {
    test(`crawl the published articles in both languages, part ${part + 1} of ${parts}`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const articles = (await sitemapPaths(request)).filter((path) =>
        /^\/(fr|en)\/blog\//.test(path),
      );
      expect(articles.length).toBeGreaterThan(parts);
      for (const path of articles.filter((_, index) => index % parts === part))
        await crawl(page, request, baseURL ?? '', path);
    });
  }
});
