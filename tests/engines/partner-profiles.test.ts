import { expect, test } from 'vitest';
import {
  byText,
  inEveryEngine,
  landsBelowHeader,
  returningVisitor,
  visit,
  waitFor,
  waitForLocation,
} from './journey';

const profiles = [
  { path: '/helene-sorel', locale: 'fr', name: 'Hélène Sorel', nav: 'Poursuivre la visite' },
  { path: '/en/julien-aubry', locale: 'en', name: 'Julien Aubry', nav: 'Continue your visit' },
] as const;

inEveryEngine('partner profiles', (page) => {
  for (const profile of profiles) {
    test(`${profile.path}: the profile, its three buttons and its vCard`, async () => {
      await returningVisitor(page());
      await visit(page(), profile.path);
      expect(await page().evaluate(() => document.querySelector('h1')?.textContent)).toBe(
        profile.name,
      );
      const nav = `nav[aria-label="${profile.nav}"] a`;
      const hrefs = await page().evaluate(
        (css: string) =>
          Array.from(document.querySelectorAll(css)).map((a) => a.getAttribute('href')),
        nav,
      );
      expect(hrefs).toEqual([
        `/${profile.locale}`,
        `/${profile.locale}/#contact`,
        `/${profile.locale}/#a-propos`,
      ]);

      // Each button, as the visitor uses it.
      for (const [index, expected, section] of [
        [0, `/${profile.locale}`, null],
        [1, `/${profile.locale}/#contact`, '#contact'],
        [2, `/${profile.locale}/#a-propos`, '#a-propos'],
      ] as const) {
        await visit(page(), profile.path);
        await page().evaluate(
          (css: string, n: number) =>
            document.querySelectorAll(css)[n]?.setAttribute('data-button', String(n)),
          nav,
          index,
        );
        await page().click(`[data-button="${index}"]`);
        await waitForLocation(page(), expected);
        await waitFor(
          page(),
          'the home page',
          () => document.documentElement.dataset.hydrated && !!document.getElementById('accueil'),
        );
        if (section) await landsBelowHeader(page(), section);
      }

      // The contact card the download link gives.
      await visit(page(), profile.path);
      const id = profile.path.split('/').pop();
      const link = await byText(
        page(),
        'a[download]',
        await page().evaluate(
          () => document.querySelector('a[download]')?.textContent?.trim() ?? '',
        ),
      );
      const card = await page().evaluate(async (css: string) => {
        const a = document.querySelector<HTMLAnchorElement>(css)!;
        const response = await fetch(a.href);
        return {
          download: a.getAttribute('download'),
          href: a.getAttribute('href'),
          status: response.status,
          type: response.headers.get('content-type'),
          body: await response.text(),
        };
      }, link);
      expect(card).toMatchObject({
        download: `${id}.vcf`,
        href: `/${profile.locale}/${id}/vcard`,
        status: 200,
        type: 'text/vcard; charset=utf-8',
      });
      expect(card.body.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
      expect(card.body).toContain(`\r\nFN:${profile.name}\r\n`);
    });
  }
});
