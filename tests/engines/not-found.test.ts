import { expect, test } from 'vitest';
import { byText, inEveryEngine, returningVisitor, visit, waitForLocation } from './journey';

inEveryEngine('not found', (page) => {
  test('an unknown address shows the 404 page, with a way home', async () => {
    await returningVisitor(page());
    await visit(page(), '/en/nothing-here');
    expect(await page().evaluate(() => document.querySelector('h1')?.textContent)).toBe(
      '404 Page Not Found',
    );
    expect(
      await page().evaluate(() => document.querySelector('[data-testid="not-found"]')?.textContent),
    ).toContain('does not exist or has moved');
    await page().click(
      await byText(page(), '[data-testid="not-found"] a', 'Back to the home page'),
    );
    await waitForLocation(page(), '/en');
  });
});
