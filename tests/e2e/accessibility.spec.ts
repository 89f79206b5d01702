import { expect, test } from './fixtures';
import { axe } from './axe';

const paths = [
  '',
  '/helene-sorel',
  '/julien-aubry',
  '/mentions-legales',
  '/politique-confidentialite',
  '/politique-cookies',
];

for (const locale of ['fr', 'en'] as const) {
  for (const path of paths) {
    const url = `/${locale}${path}`;
    test(`${url} has no serious or critical accessibility violation`, async ({ page }) => {
      // Content that fades in on scroll is shown at once, so every text is checked as it will be read.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(url);
      const results = await axe(page)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const blocking = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(
        blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
}
