import { expect, test } from 'vitest';
import type { EnginePage } from './engine';
import { inEveryEngine, returningVisitor, visit, waitFor, waitForLocation } from './journey';

/**
 * What the page shows once React holds it, and what its document's payload repeated of the
 * sheet, the JSON-LD and the print line's script (lib/server/payload-trim.ts): fetched again by
 * the page itself.
 */
function pageState(page: EnginePage) {
  return page.evaluate(async () => {
    const html = await (await fetch(location.pathname)).text();
    const rows = Array.from(html.matchAll(/self\.__next_f\.push\((.*?)\)<\/script>/g))
      .map((match) => (JSON.parse(match[1] ?? '[]') as [number, string])[1])
      .join('');
    const sheet = document.querySelector('style[data-precedence]')?.textContent ?? '';
    const jsonLd = Array.from(
      document.querySelectorAll('script[type="application/ld+json"]'),
      (script) => script.textContent ?? '',
    );
    const ours = Array.from(
      document.querySelectorAll('script:not([src]):not([type])'),
      (script) => script.textContent ?? '',
    ).filter((text) => text.includes("getElementById('print-source')"));
    const h1 = document.querySelector('h1');
    return {
      sheets: document.querySelectorAll('[data-precedence]').length,
      sheetBytes: sheet.length,
      sheetInPayload: rows.includes(sheet),
      jsonLdTypes: jsonLd.map((text) => {
        const data = JSON.parse(text) as { '@type'?: string } | { '@type'?: string }[];
        return Array.isArray(data) ? data.map((item) => item['@type']).join('+') : data['@type'];
      }),
      jsonLdInPayload: jsonLd.some(
        (text) => rows.includes(text) || rows.includes(JSON.stringify(text).slice(1, -1)),
      ),
      printScripts: ours.length,
      printScriptInPayload: ours.some((text) => rows.includes(JSON.stringify(text).slice(1, -1))),
      printLine: document.getElementById('print-source')?.dataset.printed ?? '',
      h1: h1?.textContent ?? '',
      h1Font: h1 ? getComputedStyle(h1).fontFamily : '',
    };
  });
}

inEveryEngine('a payload without the page’s repeats', (page) => {
  test('the legal notice hydrates with its sheet and JSON-LD, and a client navigation keeps its styles', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr/mentions-legales');
    const legal = await pageState(page());
    expect(legal).toMatchObject({
      sheets: 1,
      sheetInPayload: false,
      jsonLdTypes: ['BreadcrumbList'],
      jsonLdInPayload: false,
      printScripts: 1,
      printScriptInPayload: false,
      h1: 'Mentions légales',
    });
    // The script ran, once the page had loaded: the line printed under the page.
    await waitFor(
      page(),
      'the print line',
      () => document.getElementById('print-source')?.dataset.printed || undefined,
    );
    expect((await pageState(page())).printLine).toMatch(
      /^Page imprimée depuis https?:\/\/[^ ]+\/fr\/mentions-legales, le \d{1,2} \S+ 20\d\d\.$/,
    );
    expect(legal.sheetBytes).toBeGreaterThan(10_000);
    expect(legal.h1Font).toMatch(/Source Serif/i);
    // The home, drawn from a client navigation's payload, which links the sheet by its address:
    // React finds it already in the head, and the styles hold.
    await page().evaluate(() => {
      (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push(
        '/fr',
      );
    });
    await waitForLocation(page(), '/fr');
    await waitFor(page(), 'the home to be drawn', () =>
      document.querySelector('#accueil') ? true : undefined,
    );
    const home = await pageState(page());
    expect(home).toMatchObject({ sheets: 1, sheetInPayload: false, jsonLdInPayload: false });
    expect(home.sheetBytes).toBe(legal.sheetBytes);
    expect(home.jsonLdTypes).toEqual(['LegalService+Person+Person']);
    expect(home.h1Font).toBe(legal.h1Font);
  });
});
