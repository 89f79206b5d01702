import { expect, test } from 'vitest';
import type { EnginePage } from './engine';
import {
  byText,
  inEveryEngine,
  returningVisitor,
  visit,
  waitFor,
  waitForLocation,
} from './journey';

const site = 'https://www.sorel-aubry-avocats.fr';
const list = '[data-testid="article-list"]';

const listed = (page: EnginePage) =>
  page.evaluate(
    (css: string) =>
      Array.from(document.querySelectorAll(`${css} > li h2, ${css} > li h3`)).map((h) =>
        h.textContent?.trim(),
      ),
    list,
  );

inEveryEngine('articles', (page) => {
  test('the list, and the tag filter that narrows it and resets it', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr/actualites');
    const all = await listed(page());
    expect(all).toHaveLength(12);
    expect(all).toContain('Congés payés et arrêt maladie');
    expect(all).not.toContain('Brouillon interne');
    const filter = 'nav[aria-label="Filtrer par tag"] a';
    await page().click(await byText(page(), filter, 'Rupture du contrat'));
    await waitForLocation(page(), '/fr/actualites?tag=Rupture+du+contrat');
    await waitFor(page(), 'the filtered list', () => document.documentElement.dataset.hydrated);
    expect(await listed(page())).toEqual([
      'Rupture conventionnelle\u00a0: la contribution patronale',
    ]);
    await page().click(await byText(page(), filter, 'Tous'));
    await waitForLocation(page(), '/fr/actualites');
    await waitFor(page(), 'the whole list', () => document.documentElement.dataset.hydrated);
    expect(await listed(page())).toHaveLength(12);
  });

  test('an article opens from the list with its image decoded and its share links', async () => {
    await returningVisitor(page());
    await visit(page(), '/en/blog');
    await page().click('a[aria-label="Read the article: Paid leave and sick leave"]');
    await waitForLocation(page(), '/en/blog/conges-payes-et-arret-maladie');
    await waitFor(
      page(),
      'the article',
      () =>
        document.documentElement.dataset.hydrated &&
        document.querySelector('h1')?.textContent === 'Paid leave and sick leave',
    );
    const image = await waitFor(page(), 'the article image to be decoded', () => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="article"] img');
      if (!img?.complete || img.naturalWidth === 0) return null;
      return img
        .decode()
        .then(() => ({ natural: img.naturalWidth, height: img.getBoundingClientRect().height }));
    });
    expect(image).toMatchObject({ height: 500 });
    const url = `${site}/en/blog/conges-payes-et-arret-maladie`;
    const title = encodeURIComponent('Paid leave and sick leave');
    const share = await page().evaluate(() =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('[data-testid="share-links"] a')).map(
        (a) => ({
          href: a.getAttribute('href'),
          target: a.target,
          rel: a.rel,
        }),
      ),
    );
    expect(share.slice(0, 3)).toEqual([
      {
        href: `https://www.linkedin.com/shareArticle?mini=true&url=${encodeURIComponent(url)}&title=${title}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      {
        href: `https://twitter.com/intent/tweet?text=${title}&url=${encodeURIComponent(url)}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
      {
        href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    ]);
    const mail = new URL(share[3]?.href ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe(
      'Article à lire\u00a0: Paid leave and sick leave',
    );
    expect(mail.searchParams.get('body')).toContain(url);
    expect(await byText(page(), 'h2', 'Partager cet article')).toBeTruthy();
  });

  test('the byline leads to the author’s profile, its articles, and all of them', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr/blog/conges-payes-et-arret-maladie');
    const byline = '[data-testid="article-byline"]';
    expect(
      await page().evaluate((css: string) => document.querySelector(css)?.textContent, byline),
    ).toBe('Par Hélène Sorel');
    await page().click(await byText(page(), `${byline} a`, 'Hélène Sorel'));
    await waitForLocation(page(), '/fr/helene-sorel');
    await waitFor(page(), 'the profile', () => document.documentElement.dataset.hydrated);
    const articles = '[data-testid="partner-articles"]';
    expect(
      await page().evaluate(
        (css: string) =>
          Array.from(document.querySelectorAll(`${css} li a`)).map((a) => a.textContent?.trim()),
        articles,
      ),
    ).toEqual([
      'Congés payés\u00a0: le report après un arrêt de travail',
      'Congés payés et arrêt maladie',
      'Transparence des rémunérations\u00a0: préparer la directive européenne',
    ]);
    await page().click(
      await byText(page(), `${articles} a`, 'Tous les articles signés par Hélène Sorel'),
    );
    await waitForLocation(page(), '/fr/blog?auteur=helene-sorel');
    await waitFor(page(), 'the author’s list', () => document.documentElement.dataset.hydrated);
    expect(await listed(page())).toHaveLength(3);
  });

  test('a related article leads to an article', async () => {
    await returningVisitor(page());
    await visit(page(), '/en/blog/conges-payes-et-arret-maladie');
    const related = '[data-testid="related-articles"] a';
    await page().click(
      await byText(page(), related, 'Paid leave: carrying it over after sick leave'),
    );
    await waitForLocation(page(), '/en/blog/conges-payes-le-report-apres-un-arret-de-travail');
    await waitFor(
      page(),
      'the related article',
      () =>
        document.documentElement.dataset.hydrated &&
        document.querySelector('h1')?.textContent ===
          'Paid leave: carrying it over after sick leave',
    );
  });

  test('an unknown slug shows the not-found view with a way back', async () => {
    await returningVisitor(page());
    await visit(page(), '/fr/blog/article-qui-n-existe-pas');
    expect(await page().evaluate(() => document.body.innerText)).toContain('Article non trouvé');
    expect(
      await page().evaluate(() =>
        Array.from(document.querySelectorAll('main a')).map((a) => a.getAttribute('href')),
      ),
    ).toContain('/fr/blog');
  });
});
