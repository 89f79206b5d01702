import { expect, test } from 'vitest';
import { inEveryEngine, returningVisitor, visit, waitFor } from './journey';

// The journeys' last check (no console error, no uncaught exception) can only be trusted if each
// engine's page really reports them: shown here with errors the page itself raises.
inEveryEngine('the harness', (page, engine) => {
  test('sees console errors, uncaught exceptions and unhandled rejections', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr');
    await page().evaluate(() => {
      console.error('an error the page logs');
      setTimeout(() => {
        throw new Error('an exception nobody catches');
      });
      void Promise.reject(new Error('a promise nobody awaits'));
    });
    await waitFor(
      page(),
      'the errors to be thrown',
      () => new Promise((r) => setTimeout(() => r(true), 300)),
    );
    const errors = (await page().errors()).join('\n');
    expect(errors).toContain('an error the page logs');
    expect(errors).toContain('an exception nobody catches');
    if (engine === 'webkit') expect(errors).toContain('a promise nobody awaits');
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
