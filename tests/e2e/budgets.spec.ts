import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 7's weight budgets, measured as a phone downloads the page: bytes on the wire (the
// server compresses), counted from the responses Chromium receives until the network is idle.
// Timings belong to `npm run bench`; byte counts are exact, so they are guarded here.
const HOME_JS_BUDGET = 160 * 1024;
const FONT_BUDGET = 45 * 1024;

async function loadAndCollect(page: Page, path: string) {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const sized = await Promise.all(
    responses.map(async (response) => ({
      url: response.url(),
      type: response.request().resourceType(),
      bytes: (await response.request().sizes()).responseBodySize,
      encoding: (await response.allHeaders())['content-encoding'],
    })),
  );
  const total = (type: string) =>
    sized.filter((item) => item.type === type).reduce((sum, item) => sum + item.bytes, 0);
  return { sized, total };
}

for (const locale of ['fr', 'en'])
  test(`home (${locale}): at most 160 KB of compressed JavaScript, 45 KB of fonts`, async ({
    page,
  }) => {
    const { sized, total } = await loadAndCollect(page, `/${locale}`);
    const scripts = sized.filter((item) => item.type === 'script');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(new URL(script.url).pathname, 'every script is our own').toMatch(/^\/_next\/static\//);
      // Next.js compresses from 1 KB: below that (Turbopack's few-hundred-byte loader of a
      // script imported later, such as web-vitals) compression would add more than it saves.
      if (script.bytes >= 1024)
        expect(script.encoding, `${script.url} is compressed`).toMatch(/^(gzip|br)$/);
    }
    const kb = (total('script') / 1024).toFixed(1);
    test.info().annotations.push({ type: 'home JavaScript', description: `${kb} KB` });
    console.log(`home (${locale}): ${kb} KB of compressed JavaScript`);
    expect(total('script')).toBeLessThanOrEqual(HOME_JS_BUDGET);
    const fonts = sized.filter((item) => item.type === 'font');
    expect(fonts.map((font) => new URL(font.url).pathname)).toEqual([
      expect.stringMatching(/^\/_next\/static\/media\/.+\.woff2$/),
      expect.stringMatching(/^\/_next\/static\/media\/.+\.woff2$/),
    ]);
    expect(total('font')).toBeLessThanOrEqual(FONT_BUDGET);
  });

test('the contact form loads its validation and toasts only when used', async ({ page }) => {
  const { sized } = await loadAndCollect(page, '/fr');
  const before = new Set(sized.filter((item) => item.type === 'script').map((item) => item.url));
  const later: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && !before.has(response.url()))
      later.push(response.url());
  });
  await page.locator('#contact-name').focus();
  await expect.poll(() => later.length).toBeGreaterThan(0);
  // Validation runs as soon as the visitor submits, with the library loaded on focus.
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(page.locator('#contact-name-error')).toBeVisible();
});

for (const path of ['/fr', '/en/helene-sorel'])
  test(`${path}: the largest image of the first screen is preloaded with high priority`, async ({
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    expect(html).toMatch(/<img[^>]*fetchpriority="high"/i);
    // Fonts: preloaded from our own origin, nothing render-blocking from another host.
    const heads = html.slice(0, html.indexOf('</head>'));
    for (const tag of heads.match(/<link rel="(stylesheet|preload)"[^>]*>/g) ?? [])
      expect(tag, tag).not.toMatch(/href="https?:\/\//);
  });
