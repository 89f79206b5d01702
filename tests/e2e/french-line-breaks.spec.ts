import { expect, test } from './fixtures';
import { frenchPages, punctuationCutFromItsWord } from '../support/line-breaks';

/**
 * French typography as a reader sees it: on every French page, at phone and desktop widths, no
 * `:` `;` `?` `!` or `»` begins a line and no `«` ends one (the texts bind them to their word with
 * a no-break space). Each page is loaded once and laid out again at each width.
 */
const widths = [320, 360, 390, 414, 768, 1024, 1280];

for (const address of frenchPages)
  test(`${address}: no punctuation cut from its word at ${widths.join(', ')} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    await page.goto(address);
    await page.evaluate(() => document.fonts.ready.then(() => true));
    const cut: Record<number, string[]> = {};
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      const found = await page.evaluate(punctuationCutFromItsWord);
      if (found.length > 0) cut[width] = found.map((place) => place.text);
    }
    if (process.env.LINE_BREAKS_REPORT)
      console.log(
        `LINE_BREAKS ${address} ${JSON.stringify(Object.fromEntries(Object.entries(cut).map(([w, t]) => [w, t.length])))}\n${JSON.stringify(cut, null, 1)}`,
      );
    expect(cut).toEqual({});
  });
