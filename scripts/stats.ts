/**
 * `npm run stats` — the audience figures of any period in a terminal (docs/operations.md,
 * "Audience figures"), from the site's database, with the code of the monthly report:
 *   npm run stats                              the last 30 days (Paris time), beside the 30 before
 *   npm run stats -- --month 2026-10           a month, beside the one before
 *   npm run stats -- --from 2026-10-01 --to 2026-10-15
 *   npm run stats -- --csv [period]            the same figures as CSV, one row per figure
 *   npm run stats -- --send-report 2026-10     that month's report, e-mailed to CONTACT_TO now
 * Uses DATABASE_URL, SMTP_URL, OUTBOX_DIR and CONTACT_* like the site (.env is read when
 * present); article titles come from the sheet (or the sample sheet), else the last known ones.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatArticleDate } from '@/lib/articles/format';
import { addMonths, DAY, MONTH, monthDays } from '@/lib/audience/calendar';
import { parisDay } from '@/lib/paris-clock';
import { figuresOf, type Figures } from '@/lib/audience/figures';
import {
  monthNames,
  queueReportOnDemand,
  reportText,
  type ConfirmedSubscribers,
  type PeriodNames,
} from '@/lib/audience/report';
import { audienceStore, type AudienceStore } from '@/lib/audience/store';
import { publishedTitles } from '@/lib/articles/titles';
import { readConfig } from '@/lib/config';
import { createMailer } from '@/lib/mail/mailer';
import { openDatabase } from '@/lib/db/client';
import { lettersStore } from '@/lib/letters/store';
import { FIRM_MAIL_QUEUE, firmMail } from '@/lib/mail/firm-mail';
import { OutboxWorker } from '@/lib/mail/outbox';
import { outboxSettings } from '@/lib/mail/settings';
import { csvCell } from './csv';
import { describe } from '@/lib/errors';

for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);

/** A refusal the operator must read: printed alone, exit code 1. */
class Refusal extends Error {}

const USAGE =
  'Usage: npm run stats -- [--csv] [--month YYYY-MM | --from YYYY-MM-DD --to YYYY-MM-DD] | --send-report YYYY-MM';
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T12:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

interface Period {
  from: string;
  to: string;
  previous: { from: string; to: string };
  names: PeriodNames;
}

/** The period asked for, and the one of the same length just before it. */
function period(values: { month?: string; from?: string; to?: string }): Period {
  if (values.month !== undefined) {
    if (!MONTH.test(values.month)) throw new Refusal(`--month ${values.month}: expected YYYY-MM`);
    return {
      ...monthDays(values.month),
      previous: monthDays(addMonths(values.month, -1)),
      names: monthNames(values.month),
    };
  }
  const to = values.to ?? parisDay(Date.now());
  const from = values.from ?? dayOf(dayNumber(to) - 29);
  for (const day of [from, to])
    if (!DAY.test(day) || Number.isNaN(dayNumber(day)))
      throw new Refusal(`${day}: expected a day YYYY-MM-DD`);
  const length = dayNumber(to) - dayNumber(from) + 1;
  if (length < 1) throw new Refusal(`--from ${from} is after --to ${to}`);
  const previous = { from: dayOf(dayNumber(from) - length), to: dayOf(dayNumber(from) - 1) };
  // '1er octobre 2026', as the articles write dates; one day is named alone.
  const day = (iso: string) => formatArticleDate(iso, 'fr');
  const name = from === to ? `le ${day(from)}` : `du ${day(from)} au ${day(to)}`;
  return {
    from,
    to,
    previous,
    names: {
      name,
      during: name,
      comparedTo: length === 1 ? 'à la veille' : `aux ${length} jours précédents`,
      previousShort: 'avant',
    },
  };
}

const CSV_COLUMNS = ['figure', 'page', 'title', 'kind', 'detail', 'count', 'p75', 'rating'];

/** One row per figure: pages (views, by language), sources, devices, contact, loading times. */
function csvRows(figures: Figures): (string | number)[][] {
  const rows: (string | number)[][] = [
    ['views', '', '', '', '', figures.views, '', ''],
    ['entries', '', '', '', '', figures.entries, '', ''],
    ['not-found', '', '', '', '', figures.notFound, '', ''],
  ];
  for (const page of figures.pages) {
    rows.push(['page-views', page.page, page.title, page.kind, '', page.views, '', '']);
    for (const locale of ['fr', 'en'] as const)
      rows.push([
        'page-views',
        page.page,
        page.title,
        page.kind,
        locale,
        page.byLanguage[locale],
        '',
        '',
      ]);
  }
  for (const { path, count } of figures.notFoundPaths)
    rows.push(['page-not-found', path, '', '', '', count, '', '']);
  for (const { name, count } of figures.searchEngines)
    rows.push(['entries-from-search-engine', '', '', '', name, count, '', '']);
  for (const { host, count } of figures.sites)
    rows.push(['entries-from-site', '', '', '', host, count, '', '']);
  rows.push(['entries-direct', '', '', '', '', figures.direct, '', '']);
  for (const [device, count] of Object.entries(figures.devices))
    rows.push(['views-by-device', '', '', '', device, count, '', '']);
  for (const [language, count] of Object.entries(figures.languages))
    rows.push(['views-by-language', '', '', '', language, count, '', '']);
  rows.push(['contact-messages', '', '', '', 'received', figures.contact.received, '', '']);
  rows.push(['contact-messages', '', '', '', 'held', figures.contact.held, '', '']);
  for (const [change, count] of Object.entries(figures.subscribers))
    rows.push(['subscribers', '', '', '', change, count, '', '']);
  rows.push(['letters-sent', '', '', '', '', figures.lettersSent, '', '']);
  for (const vital of figures.vitals)
    rows.push([
      'loading-time',
      '',
      '',
      vital.kind,
      vital.metric,
      vital.samples,
      vital.p75,
      vital.rating,
    ]);
  for (const day of figures.days) {
    rows.push(['day-views', '', '', '', day.day, day.views, '', '']);
    rows.push(['day-entries', '', '', '', day.day, day.entries, '', '']);
  }
  return rows;
}

async function show(
  store: AudienceStore,
  asked: Period,
  { csv, subscribers }: { csv: boolean; subscribers: ConfirmedSubscribers },
) {
  const titles = (await publishedTitles().catch(() => undefined)) ?? new Map<string, string>();
  const read = async ({ from, to }: { from: string; to: string }) =>
    figuresOf(from, to, await store.period(from, to), titles);
  const [current, previous] = [await read(asked), await read(asked.previous)];
  if (csv) {
    process.stdout.write(`${CSV_COLUMNS.join(',')}\n`);
    for (const row of csvRows(current)) process.stdout.write(`${row.map(csvCell).join(',')}\n`);
    return;
  }
  const confirmed = await subscribers();
  console.log(
    reportText(asked.names, current, previous, { letter: false, subscribers: confirmed }).body,
  );
  if (current.days.length > 0) {
    console.log('PAR JOUR (pages vues, visites, pages introuvables)');
    for (const day of current.days)
      console.log(
        `${day.day}  ${String(day.views).padStart(7)}  ${String(day.entries).padStart(7)}  ${String(day.notFound).padStart(5)}`,
      );
  }
}

async function sendReport(month: string) {
  if (!MONTH.test(month)) throw new Refusal(`--send-report ${month}: expected YYYY-MM`);
  const settings = readConfig();
  const database = await openDatabase(settings.DATABASE_URL, 'sorel-aubry-stats');
  const firm = firmMail(database);
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, outboxDir: settings.OUTBOX_DIR });
  try {
    const sources = {
      firmMail: firm,
      audience: audienceStore(database),
      currentTitles: async () => (await publishedTitles()) ?? new Map<string, string>(),
      confirmedSubscribers: () => lettersStore(database).countConfirmed(),
    };
    const id = await queueReportOnDemand(sources, month, Date.now());
    const worker = new OutboxWorker({
      queues: [firm.queue({ from: settings.CONTACT_FROM, to: settings.CONTACT_TO })],
      mailer,
      ...outboxSettings(),
    });
    await worker.sendNow(FIRM_MAIL_QUEUE, id);
    const report = await firm.find(id);
    if (report?.deliveredAt === null)
      throw new Refusal(
        `The report of ${month} is queued (${id}) but could not be sent now: ${report.lastError ?? 'unknown error'}. The site's outbox retries it while the site runs.`,
      );
    console.log(
      `The report of ${month} was sent to ${settings.CONTACT_TO} (${mailer.description}).`,
    );
  } finally {
    mailer.close();
    await database.close();
  }
}

async function main() {
  try {
    const { values } = parseArgs({
      options: {
        csv: { type: 'boolean', default: false },
        month: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        'send-report': { type: 'string' },
      },
    });
    if (values['send-report'] !== undefined) return await sendReport(values['send-report'].trim());
    if (values.month !== undefined && (values.from !== undefined || values.to !== undefined))
      throw new Refusal('Give --month, or --from and --to, not both.');
    const asked = period(values);
    const database = await openDatabase(readConfig().DATABASE_URL, 'sorel-aubry-stats');
    try {
      await show(audienceStore(database), asked, {
        csv: values.csv,
        subscribers: () => lettersStore(database).countConfirmed(),
      });
    } finally {
      await database.close();
    }
  } catch (error) {
    const reason = describe(error);
    const usage = String((error as { code?: unknown } | null)?.code).startsWith('ERR_PARSE_ARGS');
    console.error(
      error instanceof Refusal || usage
        ? `${reason}${usage ? `\n${USAGE}` : ''}`
        : `Cannot read the audience figures: ${reason}`,
    );
    process.exitCode = 1;
  }
}

// A function rather than top-level await: tsx runs this file as CommonJS, like the package.
void main();
