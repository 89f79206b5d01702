import 'server-only';
import type { Locale } from '@/lib/i18n/locales';
import type { FirmMail } from '@/lib/mail/firm-mail';
import { parisClock } from '@/lib/paris-clock';
import { addMonths, monthDays } from './calendar';
import { figuresOf, type Figures } from './figures';
import type { PageKind } from './pages';
import type { AudienceStore } from './store';
import type { VitalMetric, VitalRating } from './vitals';

/**
 * The monthly report (docs/behaviour.md, "Audience measurement"). Its id is its month
 * ('audience-2026-10'), so of several instances one queues it and the others' inserts do nothing.
 */
export const REPORT_HOUR_PARIS = 8;
/** Later than the 7th a report is stale; the operator can still ask for one (`npm run stats`). */
export const REPORT_LAST_DAY = 7;
export const REPORT_CHECK_INTERVAL_MS = 60_000;
export const REPORT_KIND = 'audience';

export type ReportOutcome = 'queued' | 'already-queued' | 'not-yet' | 'too-late';

/**
 * The letters' confirmed subscribers per language, now: given by the server entry (or the
 * operator's tool), since the audience does not read the letters' tables itself.
 */
export type ConfirmedSubscribers = () => Promise<Record<Locale, number>>;

export interface ReportSources {
  firmMail: FirmMail;
  audience: AudienceStore;
  currentTitles: () => Promise<ReadonlyMap<string, string>>;
  /** Absent or failing: the report leaves the total out rather than not being sent. */
  confirmedSubscribers?: ConfirmedSubscribers;
}

/** The month whose report is due at `now`, if any: the previous month, in its first week. */
export function dueReportMonth(
  now: number,
): { month: string } | { outcome: 'not-yet' | 'too-late' } {
  const { day, hour } = parisClock(now);
  const dayOfMonth = Number(day.slice(8));
  if (dayOfMonth === 1 && hour < REPORT_HOUR_PARIS) return { outcome: 'not-yet' };
  if (dayOfMonth > REPORT_LAST_DAY) return { outcome: 'too-late' };
  return { month: addMonths(day.slice(0, 7), -1) };
}

export async function queueMonthlyReport(
  sources: ReportSources,
  now: number,
): Promise<ReportOutcome> {
  const due = dueReportMonth(now);
  if ('outcome' in due) return due.outcome;
  const id = `${REPORT_KIND}-${due.month}`;
  if (await sources.firmMail.find(id)) return 'already-queued';
  return (await queueReport(sources, due.month, id, now)) ? 'queued' : 'already-queued';
}

/** A report of `month` asked for by the operator (`npm run stats -- --send-report`): its id. */
export async function queueReportOnDemand(
  sources: ReportSources,
  month: string,
  now: number,
): Promise<string> {
  const id = `${REPORT_KIND}-${month}-on-demand-${now}`;
  await queueReport(sources, month, id, now);
  return id;
}

async function queueReport(sources: ReportSources, month: string, id: string, now: number) {
  const { subject, body } = await composeReport(sources, month);
  return sources.firmMail.insert({
    id,
    kind: REPORT_KIND,
    createdAt: now,
    heldCount: 0,
    subject,
    body,
    nextAttemptAt: now,
  });
}

export async function monthFigures(
  audience: AudienceStore,
  month: string,
  currentTitles: ReadonlyMap<string, string>,
): Promise<Figures> {
  const { from, to } = monthDays(month);
  return figuresOf(from, to, await audience.period(from, to), currentTitles);
}

export async function composeReport(
  sources: ReportSources,
  month: string,
): Promise<{ subject: string; body: string }> {
  const titles = await sources.currentTitles().catch(() => new Map<string, string>());
  const [current, previous, subscribers] = await Promise.all([
    monthFigures(sources.audience, month, titles),
    monthFigures(sources.audience, addMonths(month, -1), titles),
    sources.confirmedSubscribers?.().catch(() => undefined),
  ]);
  return reportText(monthNames(month), current, previous, { subscribers });
}

export interface PeriodNames {
  name: string;
  during: string;
  comparedTo: string;
  previousShort: string;
}

export function monthNames(month: string): PeriodNames {
  const name = monthName(month);
  const previous = monthName(addMonths(month, -1));
  return {
    name,
    during: `en ${name}`,
    comparedTo: `à ${previous}`,
    previousShort: previous.split(' ')[0] ?? previous,
  };
}

const NBSP = '\u00a0';
const numbers = new Intl.NumberFormat('fr-FR');
/** French figures, grouped with a no-break space (the fonts' U+202F is not wanted). */
const n = (value: number) => numbers.format(value).replace(/\u202f/g, NBSP);
const monthName = (month: string) =>
  new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
const percent = (part: number, whole: number) =>
  whole === 0 ? `0${NBSP}%` : `${Math.round((100 * part) / whole)}${NBSP}%`;

const kindNames: Record<PageKind, string> = {
  home: 'Accueil',
  profile: 'Pages des associés',
  list: 'Liste des actualités',
  article: 'Articles',
  legal: 'Pages juridiques',
  letters: 'Veille par e-mail',
};
const metricNames: Record<VitalMetric, string> = {
  LCP: 'affichage du contenu principal (LCP)',
  INP: 'réaction aux clics et aux touches (INP)',
  CLS: 'stabilité de la mise en page (CLS)',
  TTFB: 'première réponse du serveur (TTFB)',
};
const ratingNames: Record<VitalRating, string> = {
  good: 'bon',
  'needs-improvement': 'à améliorer',
  poor: 'mauvais',
};
const vitalValue = (metric: VitalMetric, value: number) =>
  metric === 'CLS'
    ? `${NBSP}≤${NBSP}${String(value).replace('.', ',')}`
    : `${NBSP}≤${NBSP}${n(value)}${NBSP}ms`;

function subscriberTotal(subscribers: Record<Locale, number>): string {
  const total = subscribers.fr + subscribers.en;
  const english = subscribers.en > 0 ? `, dont ${n(subscribers.en)} en anglais` : '';
  return `Abonnés confirmés à ce jour${NBSP}: ${n(total)}${english}`;
}

export function reportText(
  names: PeriodNames,
  current: Figures,
  previous: Figures,
  {
    letter = true,
    subscribers,
  }: {
    letter?: boolean;
    /** Confirmed subscribers per language when the report is written. */
    subscribers?: Record<Locale, number> | undefined;
  } = {},
): { subject: string; body: string } {
  const { name, during, comparedTo, previousShort: short } = names;
  const was = (value: number) => ` (${short}${NBSP}: ${n(value)})`;
  const line = (label: string, value: number, old: number) =>
    `${label}${NBSP}: ${n(value)}${was(old)}`;
  const top = <T>(rows: T[], size = 10) => rows.slice(0, size);

  const pages = current.pages.filter((page) => page.kind !== 'article');
  const articles = current.pages.filter((page) => page.kind === 'article');
  const oldViews = (page: string) => previous.pages.find((p) => p.page === page)?.views ?? 0;
  const pageLine = (page: Figures['pages'][number], index: number) => {
    const title = page.kind === 'article' ? `«${NBSP}${page.title}${NBSP}»` : page.title;
    const english = page.byLanguage.en > 0 ? `, dont ${n(page.byLanguage.en)} en anglais` : '';
    return `${index + 1}. ${title}${NBSP}: ${n(page.views)} vue${page.views > 1 ? 's' : ''}${was(oldViews(page.page))}${english}`;
  };
  const oldSearch = (name: string) =>
    previous.searchEngines.find((e) => e.name === name)?.count ?? 0;
  const oldSite = (host: string) => previous.sites.find((s) => s.host === host)?.count ?? 0;
  const searchTotal = (figures: Figures) =>
    figures.searchEngines.reduce((sum, e) => sum + e.count, 0);
  const siteTotal = (figures: Figures) => figures.sites.reduce((sum, s) => sum + s.count, 0);
  const deviceLine = (label: string, key: keyof Figures['devices']) =>
    `${label}${NBSP}: ${percent(current.devices[key], current.views)} des pages vues (${n(current.devices[key])})${NBSP}; ${short}${NBSP}: ${percent(previous.devices[key], previous.views)}`;

  const vitalLines = (Object.keys(kindNames) as PageKind[]).flatMap((kind) => {
    const measured = current.vitals.filter((v) => v.kind === kind);
    if (measured.length === 0) return [];
    return [
      `${kindNames[kind]}${NBSP}:`,
      ...measured.map((v) => {
        const old = previous.vitals.find((p) => p.kind === kind && p.metric === v.metric);
        return `  ${metricNames[v.metric]}${NBSP}:${vitalValue(v.metric, v.p75)}, ${ratingNames[v.rating]} (${n(v.samples)} mesure${v.samples > 1 ? 's' : ''})${old ? `${NBSP}; ${short}${NBSP}:${vitalValue(old.metric, old.p75)}, ${ratingNames[old.rating]}` : ''}`;
      }),
    ];
  });

  const body = [
    ...(letter ? ['Bonjour,', ''] : []),
    `Voici la fréquentation du site ${during}, comparée ${comparedTo} (entre parenthèses).`,
    'Ces chiffres sont anonymes et établis sans cookie : le site ne conserve ni adresse IP ni identifiant de visiteur, et ne compte pas les robots ni les visiteurs qui s’y opposent.'.replace(
      ' :',
      `${NBSP}:`,
    ),
    '',
    'VUE D’ENSEMBLE',
    line('Pages vues', current.views, previous.views),
    line('Visites (arrivées sur le site depuis l’extérieur)', current.entries, previous.entries),
    line('Pages introuvables demandées', current.notFound, previous.notFound),
    '',
    'PAGES LES PLUS LUES',
    ...(pages.length ? top(pages).map(pageLine) : ['Aucune.']),
    '',
    'ARTICLES LES PLUS LUS',
    ...(articles.length ? top(articles).map(pageLine) : ['Aucun.']),
    '',
    'PAGES INTROUVABLES (liens cassés ou adresses mal saisies)',
    ...(current.notFoundPaths.length
      ? top(current.notFoundPaths).map((p) => `${p.path}${NBSP}: ${n(p.count)}`)
      : ['Aucune.']),
    '',
    'D’OÙ VIENNENT LES VISITEURS',
    line('Moteurs de recherche', searchTotal(current), searchTotal(previous)),
    ...top(current.searchEngines).map((e) => `  ${line(e.name, e.count, oldSearch(e.name))}`),
    line('Autres sites', siteTotal(current), siteTotal(previous)),
    ...top(current.sites).map((s) => `  ${line(s.host, s.count, oldSite(s.host))}`),
    line('Accès direct (adresse saisie, favori, application)', current.direct, previous.direct),
    '',
    'APPAREILS',
    deviceLine('Téléphone', 'phone'),
    deviceLine('Ordinateur', 'computer'),
    deviceLine('Tablette', 'tablet'),
    '',
    'MESSAGES DE CONTACT',
    line('Reçus', current.contact.received, previous.contact.received),
    line('dont retenus comme indésirables probables', current.contact.held, previous.contact.held),
    '',
    'VEILLE SOCIALE PAR E-MAIL',
    ...(subscribers ? [subscriberTotal(subscribers)] : []),
    line('Nouveaux abonnés', current.subscribers.new, previous.subscribers.new),
    line('Désinscriptions', current.subscribers.unsubscribed, previous.subscribers.unsubscribed),
    line(
      'Adresses retirées, refusées par leur messagerie',
      current.subscribers.refused,
      previous.subscribers.refused,
    ),
    line('Lettres envoyées', current.lettersSent, previous.lettersSent),
    '',
    'TEMPS DE CHARGEMENT RÉELS (75 % des pages vues au plus, seuils de Google)',
    ...(vitalLines.length ? vitalLines : ['Aucune mesure.']),
    '',
    `Seuils de Google, bon / mauvais${NBSP}: LCP 2${NBSP}500 / 4${NBSP}000${NBSP}ms, INP 200 / 500${NBSP}ms, CLS 0,1 / 0,25, TTFB 800 / 1${NBSP}800${NBSP}ms${NBSP}; entre les deux${NBSP}: à améliorer. Le CLS n’est mesuré que par les navigateurs Chrome, Edge et Samsung Internet.`,
    ...(letter ? ['', '— Le site du cabinet'] : []),
    '',
  ].join('\n');
  return { subject: `Fréquentation du site${NBSP}: ${name}`, body };
}
