import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { EnginePage, Viewport } from './engine';
import { inEveryEngine, returningVisitor, scrollSettled, visit, waitFor } from './journey';

const pageKinds = [
  ['home', '/fr'],
  ['profile', '/fr/helene-sorel'],
  ['articles', '/fr/actualites'],
  ['article', '/fr/blog/conges-payes-et-arret-maladie'],
  ['legal', '/fr/politique-confidentialite'],
  ['not-found', '/fr/page-inconnue'],
] as const;

const widths: Viewport[] = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];

/** Set ENGINE_SHOTS to a folder to keep a screenshot of each page kind at 390 px per engine. */
const shots = process.env.ENGINE_SHOTS;

/** What the laid-out page shows that a visitor would see as broken, as sentences. */
function layoutProblems(page: EnginePage) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(element);
      const clips = ['hidden', 'clip'].includes(style.overflowX);
      const ownText = Array.from(element.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      // Text wider than the box that clips it is cut off (screen-reader-only text is meant to be).
      const visuallyHidden = style.clipPath !== 'none' || element.clientWidth <= 1;
      if (clips && ownText && !visuallyHidden && element.scrollWidth > element.clientWidth + 1)
        problems.push(
          `text cut off in <${element.tagName.toLowerCase()} class="${element.className}">`,
        );
    }
    return problems;
  });
}

/** After a jump to `hash`, the section's heading is wholly below the fixed header. */
async function clearOfHeader(page: EnginePage, hash: string) {
  await page.evaluate((target: string) => {
    location.hash = target;
  }, hash);
  await scrollSettled(page);
  return page.evaluate((target: string) => {
    const header = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect();
    const section = document.querySelector(target)!;
    const heading = section.querySelector('h1, h2') ?? section;
    const top = heading.getBoundingClientRect().top;
    return { hash: target, clear: top >= header.bottom - 0.5, top, headerBottom: header.bottom };
  }, hash);
}

/** Width ÷ height of the element's laid-out box. */
async function ratio(page: EnginePage, selector: string) {
  const box = await page.box(selector);
  if (!box) throw new Error(`no ${selector}`);
  return box.width / box.height;
}

inEveryEngine('layout', (page, engine) => {
  for (const viewport of widths) {
    test(`at ${viewport.width} px: no page kind scrolls sideways or cuts text; ratios and anchors hold`, async () => {
      await page().setViewport(viewport);
      await returningVisitor(page());
      for (const [kind, address] of pageKinds) {
        await visit(page(), address);
        await page().evaluate(() => document.fonts.ready.then(() => true));
        expect(await layoutProblems(page()), `${kind} at ${viewport.width} px`).toEqual([]);
        if (shots && viewport.width === 390) {
          await mkdir(shots, { recursive: true });
          await page().screenshot(path.join(shots, `${engine}-${kind}.png`));
        }
      }

      await visit(page(), '/fr');
      expect(await ratio(page(), '#accueil img'), 'hero').toBeCloseTo(3 / 4, 2);
      for (const hash of ['#a-propos', '#intro', '#expertises', '#presse', '#contact'])
        expect(await clearOfHeader(page(), hash)).toMatchObject({ hash, clear: true });
      const partnerPhotos = await page().evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="partner-card"] img')).map((img) => {
          const { width, height } = img.getBoundingClientRect();
          return width / height;
        }),
      );
      expect(partnerPhotos).toHaveLength(2);
      for (const photo of partnerPhotos) expect(photo, 'partner photo').toBeCloseTo(3 / 4, 2);

      await visit(page(), '/fr/helene-sorel');
      const portrait = await page().evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('main img')!;
        const { width, height } = img.getBoundingClientRect();
        return {
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          ratio: width / height,
        };
      });
      expect(portrait).toMatchObject({ width: '450', height: '600' });
      expect(portrait.ratio).toBeCloseTo(450 / 600, 2);

      await visit(page(), '/fr/politique-confidentialite');
      const firstSection = await waitFor(
        page(),
        'a section of the policy',
        () => document.querySelector('main section[id], main h2[id]')?.id,
      );
      expect(await clearOfHeader(page(), `#${firstSection}`)).toMatchObject({ clear: true });
    });
  }
});
