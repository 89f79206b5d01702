import { getTranslator } from '@/lib/i18n/translator';
import { partners } from '@/lib/content/firm';
import { splitPath } from '@/lib/i18n/paths';
import { measuredPage, pageKinds, type PageKind } from './pages';
import type { PeriodRows } from './store';
import { p75, rating, vitalMetrics, type VitalMetric, type VitalRating } from './vitals';

/**
 * A page counts in both languages under one title: the firm asks which article is read (each
 * language is given too).
 */
export interface PageFigures {
  page: string;
  kind: PageKind;
  slug?: string;
  title: string;
  views: number;
  byLanguage: { fr: number; en: number };
}

export interface VitalFigures {
  kind: PageKind;
  metric: VitalMetric;
  /** The 75th percentile (the upper bound of its bucket: ms, or CLS unitless). */
  p75: number;
  rating: VitalRating;
  samples: number;
}

export interface Figures {
  from: string;
  to: string;
  views: number;
  entries: number;
  notFound: number;
  pages: PageFigures[];
  notFoundPaths: { path: string; count: number }[];
  searchEngines: { name: string; count: number }[];
  sites: { host: string; count: number }[];
  direct: number;
  devices: { phone: number; tablet: number; computer: number };
  languages: { fr: number; en: number };
  contact: { received: number; held: number };
  /** The letters' subscribers who arrived (confirmed) and left in the period, and letters sent. */
  subscribers: { new: number; unsubscribed: number; refused: number };
  lettersSent: number;
  vitals: VitalFigures[];
  days: { day: string; views: number; entries: number; notFound: number }[];
}

/** An article's current title while published, else the last one known, else its address. */
function pageTitle(
  page: string,
  kind: PageKind,
  current: ReadonlyMap<string, string>,
  known: ReadonlyMap<string, string>,
  slug?: string,
): string {
  const t = getTranslator('fr');
  if (kind === 'article' && slug) return current.get(slug) ?? known.get(slug) ?? page;
  if (kind === 'home') return t('common.nav.home');
  if (kind === 'list') return t('common.nav.news');
  const partner = partners.find((p) => p.profilePath === page);
  if (partner) return partner.name;
  if (page === '/mentions-legales') return t('legal.notice.title');
  if (page === '/politique-confidentialite') return t('legal.privacy.title');
  if (page === '/politique-cookies') return t('legal.cookies.title');
  if (page === '/veille/demande-recue') return t('letters.next.title');
  return page;
}

const descending = <T extends { count: number }>(rows: T[]) =>
  rows.sort((a, b) => b.count - a.count || JSON.stringify(a).localeCompare(JSON.stringify(b)));

function totals(entries: Iterable<[string, number]>, into = new Map<string, number>()) {
  for (const [key, count] of entries) into.set(key, (into.get(key) ?? 0) + count);
  return into;
}

export function figuresOf(
  from: string,
  to: string,
  rows: PeriodRows,
  currentTitles: ReadonlyMap<string, string>,
): Figures {
  const sumOf = (measure: string) =>
    rows.counts.filter((row) => row.measure === measure).reduce((sum, row) => sum + row.count, 0);
  const pages = new Map<string, PageFigures>();
  const languages = { fr: 0, en: 0 };
  for (const row of rows.counts) {
    if (row.measure !== 'view') continue;
    const measured = measuredPage(row.path);
    if (!measured) continue;
    const page = splitPath(measured.path).rest;
    const figures = pages.get(page) ?? {
      page,
      kind: measured.kind,
      ...(measured.slug ? { slug: measured.slug } : {}),
      title: pageTitle(page, measured.kind, currentTitles, rows.titles, measured.slug),
      views: 0,
      byLanguage: { fr: 0, en: 0 },
    };
    figures.views += row.count;
    figures.byLanguage[measured.locale] += row.count;
    languages[measured.locale] += row.count;
    pages.set(page, figures);
  }
  const byValue = (measure: string) =>
    totals(
      rows.counts.filter((row) => row.measure === measure).map((row) => [row.value, row.count]),
    );
  const devices = byValue('device');
  const searchEngines = byValue('search');
  const sites = byValue('referrer');
  const entries = sumOf('entry');
  const contact = byValue('contact');
  const subscribers = byValue('subscribers');

  const vitals: VitalFigures[] = [];
  for (const kind of pageKinds)
    for (const metric of vitalMetrics) {
      const histogram = totals(
        rows.vitals
          .filter((row) => row.kind === kind && row.metric === metric)
          .map((row) => [String(row.bucket), row.count]),
      );
      const numeric = new Map([...histogram].map(([bound, count]) => [Number(bound), count]));
      const value = p75(metric, numeric);
      if (value === null) continue;
      const samples = [...numeric.values()].reduce((sum, count) => sum + count, 0);
      vitals.push({ kind, metric, p75: value, rating: rating(metric, value), samples });
    }

  const days = new Map<string, { day: string; views: number; entries: number; notFound: number }>();
  for (const row of rows.days) {
    const day = days.get(row.day) ?? { day: row.day, views: 0, entries: 0, notFound: 0 };
    if (row.measure === 'view') day.views += row.count;
    if (row.measure === 'entry') day.entries += row.count;
    if (row.measure === 'not-found') day.notFound += row.count;
    days.set(row.day, day);
  }

  const searchTotal = [...searchEngines.values()].reduce((sum, count) => sum + count, 0);
  const siteTotal = [...sites.values()].reduce((sum, count) => sum + count, 0);
  return {
    from,
    to,
    views: sumOf('view'),
    entries,
    notFound: sumOf('not-found'),
    pages: [...pages.values()].sort((a, b) => b.views - a.views || a.page.localeCompare(b.page)),
    notFoundPaths: descending(
      rows.counts
        .filter((row) => row.measure === 'not-found')
        .map((row) => ({ path: row.path, count: row.count })),
    ),
    searchEngines: descending([...searchEngines].map(([name, count]) => ({ name, count }))),
    sites: descending([...sites].map(([host, count]) => ({ host, count }))),
    direct: Math.max(0, entries - searchTotal - siteTotal),
    devices: {
      phone: devices.get('phone') ?? 0,
      tablet: devices.get('tablet') ?? 0,
      computer: devices.get('computer') ?? 0,
    },
    languages,
    contact: { received: contact.get('received') ?? 0, held: contact.get('held') ?? 0 },
    subscribers: {
      new: subscribers.get('new') ?? 0,
      unsubscribed: subscribers.get('unsubscribed') ?? 0,
      refused: subscribers.get('refused') ?? 0,
    },
    lettersSent: sumOf('letters'),
    vitals,
    days: [...days.values()],
  };
}
