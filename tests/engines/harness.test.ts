import { expect, test } from 'vitest';
import { inEveryEngine, returningVisitor, visit, WAIT_MS } from './journey';

// The journeys' last check (no console error, no uncaught exception, no unhandled rejection, no
// CSP violation) can only be trusted if each engine's page really reports them: shown here with
// one of each, raised by the page itself.
inEveryEngine('the harness', (page) => {
  test('sees console errors, uncaught exceptions, unhandled rejections and CSP violations', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr');
    await page().evaluate(() => {
      console.error('an error the page logs');
      setTimeout(() => {
        throw new Error('an exception nobody catches');
      });
      void Promise.reject(new Error('a promise nobody awaits'));
      // An image from a host the page's policy does not list: refused before any request.
      new Image().src = 'https://images.example.invalid/refused.png';
    });
    const expected = [
      'an error the page logs',
      'an exception nobody catches',
      'a promise nobody awaits',
      'CSP violation: img-src',
    ];
    // Each is reported as it happens: wait until all four are.
    await expect
      .poll(
        async () => {
          const errors = (await page().errors()).join('\n');
          return expected.filter((error) => !errors.includes(error));
        },
        { timeout: WAIT_MS },
      )
      .toEqual([]);
    await page().reset();
  });

  test('makes the CSS viewport the size asked for', async () => {
    for (const size of [
      { width: 320, height: 640 },
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
      { width: 1440, height: 900 },
    ]) {
      await page().setViewport(size);
      await page().goto('/fr/mentions-legales');
      expect(await page().evaluate(() => ({ width: innerWidth, height: innerHeight }))).toEqual(
        size,
      );
    }
  });
});
