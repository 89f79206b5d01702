import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { articleLists, internalSources, sitePages } from './pages';
import { matchRoute } from './route-table';

const root = path.resolve(__dirname, '../..');

/** Every page and route handler file under a folder of app/, as 'app/…' paths. */
function routeFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)(page\.tsx|route\.ts)$/.test(file))
    .map((file) => `${folder}/${file}`)
    .sort();
}

/**
 * The address pattern of a file of app/[locale]: its folders, a dynamic segment (`[partner]`,
 * `[slug]`) standing for any one segment.
 */
function addressPattern(source: string): RegExp {
  const folders = source
    .replace(/^app\/\[locale\]/, '')
    .replace(/\/(page\.tsx|route\.ts)$/, '')
    .replace(/\[[a-z]+\]/g, '[^/]+');
  return new RegExp(`^${folders || '/'}$`);
}

describe('the list of pages (lib/routing/pages.ts) and app/ agree', () => {
  // Every file of app/[locale] is a page of the list (a dynamic [partner] file stands for every
  // partner's page, [slug] for every article), or one of the internal files that the list names
  // with its reason (introuvable, article-indisponible, [...rest], feed.xml). app/api/ holds route
  // handlers, which are not pages.
  it('names every page file of app/[locale], and no file that is not there', () => {
    const listed = new Set([
      ...sitePages.map((page) => page.source),
      ...articleLists.map((list) => list.source),
      ...internalSources,
    ]);
    expect([...listed].sort()).toEqual(routeFiles('app/[locale]'));
  });

  it('has no page outside app/[locale] and no route outside app/api', () => {
    expect(
      routeFiles('app').filter(
        (file) => !file.startsWith('app/[locale]/') && !file.startsWith('app/api/'),
      ),
    ).toEqual([]);
  });

  it('gives each page an address its file answers, and the route table knows it', () => {
    for (const page of sitePages) {
      expect(page.path, page.source).toMatch(addressPattern(page.source));
      for (const prefix of ['', '/fr', '/en'])
        expect(matchRoute(`${prefix}${page.path}`.replace(/(.)\/$/, '$1'))).toMatchObject({
          kind: 'page',
          rest: page.path,
        });
    }
    for (const list of articleLists) {
      expect(`${list.path}/some-article`).toMatch(addressPattern(list.source));
      expect(matchRoute(`/en${list.path}/some-article`)).toMatchObject({
        kind: 'article',
        slug: 'some-article',
      });
    }
  });

  it('sends the internal pages, asked for by name, to the not-found page', () => {
    for (const source of internalSources.filter((file) => !/\[|feed\.xml/.test(file))) {
      const name = source.split('/')[2];
      expect(matchRoute(`/fr/${name}`), source).toEqual({ kind: 'not-found', locale: 'fr' });
    }
  });

  it('keeps every page once, and an alias names a listed canonical page', () => {
    const paths = sitePages.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of sitePages.filter((p) => p.canonical)) {
      expect(paths).toContain(page.canonical);
      expect(page.inSitemap).toBe(false);
    }
  });
});
