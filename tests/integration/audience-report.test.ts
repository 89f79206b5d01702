import { execFile } from 'node:child_process';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionCutoffDay } from '@/lib/audience/calendar';
import { answerBeacon, type ReceiverContext } from '@/lib/audience/receiver';
import { queueMonthlyReport, queueReportOnDemand, type ReportSources } from '@/lib/audience/report';
import { audienceStore, PartialWrite, type AudienceStore } from '@/lib/audience/store';
import {
  AudienceTally,
  countContactMessage,
  countLetterSent,
  countSubscriberChange,
} from '@/lib/audience/tally';
import { lettersStore, type ClaimedLetter, type LettersStore } from '@/lib/letters/store';
import type { OutgoingEmail } from '@/lib/mail/email';
import { createMailer, type Mailer } from '@/lib/mail/mailer';
import { OutboxWorker } from '@/lib/mail/outbox';
import { FIRM_MAIL_QUEUE } from '@/lib/mail/firm-mail';
import { contactMailQueues } from '@/lib/contact/delivery/queue';
import { contactStore, type ContactStore } from '@/lib/contact/storage/store';
import { openDatabase } from '@/lib/db/client';
import { parisDay } from '@/lib/paris-clock';
import { listenToSiteEvents } from '@/lib/site-events';
import { TestDatabases, type Dialect } from '../support/contact';
import { startSheetServer, type SheetServer } from '../../harness/sheet-server';
import { decodedText, SmtpSink, type ReceivedMail } from '../support/smtp-sink';

/**
 * The monthly audience report, as the site makes and sends it, with an explicit clock: page views
 * received by the real receiver on two instances sharing one database (SQLite and PostgreSQL),
 * written by the real store, the report queued by both instances on 1 November and sent by the
 * contact outbox to a real SMTP server on loopback, once. The letters' subscribers and letters
 * are counted from the site events the letters' store tells, as the server entry connects them.
 * Also the 25-month purge, and `npm run stats` on the same data.
 */
const databases = new TestDatabases();
const sinks: SmtpSink[] = [];
const mailers: Mailer[] = [];
let sheet: SheetServer;
beforeAll(async () => {
  sheet = await startSheetServer({
    kind: 'rows',
    rows: [
      {
        titre: 'Une note sur le forfait jours',
        statut: 'Publié',
        contenu: 'x',
        date: '2026-10-02',
      },
      { titre: 'Titre actuel', statut: 'Publié', contenu: 'x', date: '2026-10-01' },
    ],
  });
});
afterAll(async () => {
  mailers.forEach((mailer) => mailer.close());
  await Promise.all(sinks.map((sink) => sink.close()));
  await sheet.close();
  databases.stop();
});

const NB = '\u00a0';
/** French typography in expected texts: a no-break space before : and ;. */
const fr = (text: string) => text.replace(/ ([:;])/g, `${NB}$1`);
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const envelope = { from: 'Site <site@example.test>', to: 'cabinet@example.test' };
const SITE = 'https://www.example.test';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const HOUR = 3_600_000;
/** Paris is UTC+2 until 25 October 2026, UTC+1 after. */
const at = (day: string, parisHour: number) =>
  Date.parse(`${day}T00:00:00Z`) + (parisHour - (day < '2026-10-25' ? 2 : 1)) * HOUR;

/** The articles as the site knew them then: 'ancienne' was published in October, not since. */
const octoberArticles: Record<string, string> = {
  'une-note-sur-le-forfait-jours': 'Une note sur le forfait jours',
  'titre-actuel': 'Titre d’octobre',
  ancienne: 'Ancienne note',
};
const currentTitles = async () =>
  new Map([
    ['une-note-sur-le-forfait-jours', 'Une note sur le forfait jours'],
    ['titre-actuel', 'Titre actuel'],
  ]);

interface Instance {
  tally: AudienceTally;
  audience: AudienceStore;
  contact: ContactStore;
  letters: LettersStore;
  close: () => Promise<void>;
}

/** A letter as the test writes it: only what the count needs. */
const compose = (letter: ClaimedLetter): OutgoingEmail => ({
  from: 'Cabinet <veille@example.test>',
  to: letter.address,
  subject: letter.slug,
  text: 'La veille sociale.',
  messageId: `<${letter.sendId}.${letter.subscriberId}@example.test>`,
  date: new Date(0),
  headers: {},
});

describe.each<Dialect>(['sqlite', 'postgres'])('the monthly audience report on %s', (dialect) => {
  let sink: SmtpSink;
  let mailer: Mailer;
  let url: string;
  const instances: Instance[] = [];

  async function instance(): Promise<Instance> {
    const database = await openDatabase(url);
    const created = {
      tally: new AudienceTally(),
      audience: audienceStore(database),
      contact: contactStore(database),
      letters: lettersStore(database),
      close: database.close,
    };
    instances.push(created);
    return created;
  }

  beforeAll(async () => {
    sink = await SmtpSink.start('up');
    sinks.push(sink);
    mailer = createMailer({ smtpUrl: sink.url, outboxDir: databases.dir });
    mailers.push(mailer);
    url = await databases.url(dialect);
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
  });

  /** What a browser sends, received by this instance at `now`. */
  async function beacon(
    on: Instance,
    now: number,
    body: object,
    userAgent = chrome,
  ): Promise<number> {
    const context: ReceiverContext = {
      tally: on.tally,
      siteUrl: SITE,
      now: () => now,
      publishedTitle: async (slug) => octoberArticles[slug] ?? null,
    };
    const headers = {
      'user-agent': userAgent,
      'content-type': 'text/plain;charset=UTF-8',
      origin: SITE,
      host: 'www.example.test',
    };
    return (await answerBeacon('POST', headers, Buffer.from(JSON.stringify(body)), context)).status;
  }
  const view = (path: string, referrer = '') => ({ type: 'view', path, referrer });
  const flush = (on: Instance) => on.audience.add(on.tally.take());
  const worker = (on: Instance, now: number) =>
    new OutboxWorker({
      queues: contactMailQueues(on.contact, envelope),
      mailer,
      retryBaseMs: 15_000,
      pollMs: 5_000,
      now: () => now,
      log: silent,
    });
  const sources = (on: Instance): ReportSources => ({
    firmMail: on.contact.firmMail,
    audience: on.audience,
    currentTitles,
    confirmedSubscribers: () => on.letters.countConfirmed(),
  });
  const reports = (mails: ReceivedMail[]) =>
    mails.filter((mail) => mail.headers['x-contact-digest-id']?.startsWith('audience-'));

  /**
   * September and October as two instances received them: the figures every test reads.
   * October: 10 page views, 8 entries (3 from Google on a phone, Bing, Qwant, LinkedIn, 2
   * direct), 2 pages not found, loading times of the home page, 3 contact messages (1 held);
   * 3 subscribers confirmed (1 in September), 1 unsubscribed, 1 removed as refused, 4 letters.
   */
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    [a, b] = [await instance(), await instance()];
    const october = at('2026-10-14', 15);
    const september = at('2026-09-20', 11);
    // September: two views of the home page.
    for (let i = 0; i < 2; i += 1) expect(await beacon(a, september, view('/fr'))).toBe(204);
    // October, on instance A…
    for (let i = 0; i < 3; i += 1) await beacon(a, october, view('/', 'www.google.fr'), iphone);
    await beacon(a, october, view('/en', 'www.linkedin.com'));
    await beacon(a, october, view('/fr/blog/une-note-sur-le-forfait-jours', 'www.example.test'));
    await beacon(a, october, view('/actualites/une-note-sur-le-forfait-jours', 'www.example.test'));
    await beacon(a, october, view('/en/blog/une-note-sur-le-forfait-jours', 'www.bing.com'));
    await beacon(a, october, view('/fr/blog/titre-actuel', ''));
    await beacon(a, october, view('/fr/blog/ancienne', 'qwant.com'));
    for (let i = 0; i < 2; i += 1)
      await beacon(a, october, { ...view('/fr/vieux-lien'), notFound: true });
    for (const LCP of [1800, 1900, 1700, 3200])
      await beacon(a, october, { type: 'vitals', path: '/fr', LCP, TTFB: 300, CLS: 0.01 });
    await beacon(a, october, { type: 'vitals', path: '/fr', INP: 350 });
    // …a robot, which counts for nothing…
    expect(await beacon(a, october, view('/fr'), 'Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(
      204,
    );
    // …and on instance B.
    await beacon(b, at('2026-10-31', 23), view('/fr', ''), iphone);
    for (const held of [false, false, true]) countContactMessage(b.tally, '2026-10-20', held);

    // The letters, on both instances: their site events are counted in this process's tally, as
    // the server entry connects them (server.ts). Each change is told once, by the statement
    // that made it, however many instances or clicks try it at once.
    listenToSiteEvents({
      subscriberConfirmed: (at) => countSubscriberChange(a.tally, parisDay(at), 'new'),
      subscriberUnsubscribed: (at) => countSubscriberChange(a.tally, parisDay(at), 'unsubscribed'),
      subscriberRefused: (at) => countSubscriberChange(a.tally, parisDay(at), 'refused'),
      letterSent: (at) => countLetterSent(a.tally, parisDay(at)),
    });
    const subscribe = async (name: string, locale: 'fr' | 'en', day: string) =>
      (await a.letters.subscribe({
        address: `${name}.${dialect}@example.test`,
        locale,
        page: '/fr/blog',
        now: at(day, 10),
      }))!.id;
    const refusedLater = await subscribe('ancienne', 'fr', '2026-09-18');
    expect(await b.letters.confirm(refusedLater, at('2026-09-20', 9))).toBe('confirmed');
    const [leaving, staying, english] = [
      await subscribe('partante', 'fr', '2026-10-10'),
      await subscribe('fidele', 'fr', '2026-10-10'),
      await subscribe('reader', 'en', '2026-10-10'),
    ];
    await subscribe('jamais-confirmee', 'fr', '2026-10-12');
    const confirmed = at('2026-10-12', 18);
    expect(
      (await Promise.all([a, b].map((i) => i.letters.confirm(leaving, confirmed)))).sort(),
    ).toEqual(['already-confirmed', 'confirmed']);
    await b.letters.confirm(staying, confirmed);
    await a.letters.confirm(english, confirmed);
    // One article sent on the 15th to the four confirmed subscribers, by both instances' outboxes.
    const sentAt = at('2026-10-15', 10);
    const { send } = await a.letters.createSend('une-note-sur-le-forfait-jours', sentAt);
    // Both instances start it at once: one wins and queues its letters.
    expect(
      (await Promise.all([a, b].map((i) => i.letters.startSend(send.id, sentAt)))).sort(),
    ).toEqual([false, true]);
    const letterWorker = (on: Instance) =>
      new OutboxWorker({
        queues: [on.letters.queue(compose)],
        mailer,
        retryBaseMs: 15_000,
        pollMs: 5_000,
        now: () => sentAt,
        log: silent,
      });
    await Promise.all([letterWorker(a).drain(), letterWorker(b).drain()]);
    expect(await a.letters.sendProgress(send.id)).toEqual({ queued: 4, delivered: 4 });
    // One leaves by two clicks at once; one is removed, her server refusing her address.
    const left = at('2026-10-20', 12);
    expect(
      (await Promise.all([a, b].map((i) => i.letters.unsubscribe(leaving, 'asked', left)))).sort(),
    ).toEqual([false, true]);
    expect(await b.letters.unsubscribe(refusedLater, 'refused', at('2026-10-21', 12))).toBe(true);
    await Promise.all([flush(a), flush(b)]);
  });

  it('October beside September, from both instances’ page views, reaches the firm once on the morning of 1 November', async () => {
    // Before 8:00 on the 1st, nothing; at 8:05 both instances try, one queues it.
    expect(await queueMonthlyReport(sources(a), at('2026-11-01', 7.5))).toBe('not-yet');
    const morning = at('2026-11-01', 8.08);
    const outcomes = await Promise.all([a, b].map((i) => queueMonthlyReport(sources(i), morning)));
    expect(outcomes.sort()).toEqual(['already-queued', 'queued']);

    const before = sink.received.length;
    await Promise.all([worker(a, morning).drain(), worker(b, morning).drain()]);
    const mails = reports(sink.received.slice(before));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual([envelope.to]);
    expect(mail!.headers.subject).toBe(fr('Fréquentation du site : octobre 2026'));
    const text = decodedText(mail!);
    for (const line of [
      'Voici la fréquentation du site en octobre 2026, comparée à septembre 2026 (entre parenthèses).',
      'Pages vues : 10 (septembre : 2)',
      'Visites (arrivées sur le site depuis l’extérieur) : 8 (septembre : 2)',
      'Pages introuvables demandées : 2 (septembre : 0)',
      '1. Accueil : 5 vues (septembre : 2), dont 1 en anglais',
      `1. «${NB}Une note sur le forfait jours${NB}» : 3 vues (septembre : 0), dont 1 en anglais`,
      `3. «${NB}Titre actuel${NB}» : 1 vue (septembre : 0)\n`,
      `2. «${NB}Ancienne note${NB}» : 1 vue (septembre : 0)\n`,
      '/fr/vieux-lien : 2',
      'Moteurs de recherche : 5 (septembre : 0)',
      '  Google : 3 (septembre : 0)',
      '  Bing : 1 (septembre : 0)',
      '  Qwant : 1 (septembre : 0)',
      'Autres sites : 1 (septembre : 0)',
      '  linkedin.com : 1 (septembre : 0)',
      'Accès direct (adresse saisie, favori, application) : 2 (septembre : 2)',
      `Téléphone : 40${NB}% des pages vues (4) ; septembre : 0${NB}%`,
      `Ordinateur : 60${NB}% des pages vues (6) ; septembre : 100${NB}%`,
      'Reçus : 3 (septembre : 0)',
      'dont retenus comme indésirables probables : 1 (septembre : 0)',
      'Abonnés confirmés à ce jour : 2, dont 1 en anglais',
      'Nouveaux abonnés : 3 (septembre : 1)',
      'Désinscriptions : 1 (septembre : 0)',
      'Adresses retirées, refusées par leur messagerie : 1 (septembre : 0)',
      'Lettres envoyées : 4 (septembre : 0)',
      'Accueil :',
      `  affichage du contenu principal (LCP) :${NB}≤${NB}2${NB}000${NB}ms, bon (4 mesures)`,
      `  réaction aux clics et aux touches (INP) :${NB}≤${NB}400${NB}ms, à améliorer (1 mesure)`,
      `  stabilité de la mise en page (CLS) :${NB}≤${NB}0,01, bon (4 mesures)`,
    ])
      expect(text, line).toContain(fr(line));
    // The pages are ranked by views; the old title of a renamed article is not shown.
    expect(text).not.toContain('Titre d’octobre');
    // Counts only: no address, no message.
    expect(text).not.toMatch(/@|\b\d{1,3}(\.\d{1,3}){3}\b/);

    // Restarted, either instance finds it sent; a week later it is no longer due; December's
    // report is November's.
    const restarted = await instance();
    expect(await queueMonthlyReport(sources(restarted), at('2026-11-01', 14))).toBe(
      'already-queued',
    );
    expect(await queueMonthlyReport(sources(restarted), at('2026-11-08', 9))).toBe('too-late');
    await Promise.all([a, b, restarted].map((i) => worker(i, at('2026-11-01', 14)).drain()));
    expect(reports(sink.received.slice(before))).toHaveLength(1);
    expect(await queueMonthlyReport(sources(restarted), at('2026-12-01', 9))).toBe('queued');
    expect(await restarted.contact.findDigest('audience-2026-11')).not.toBeNull();

    // On demand (npm run stats -- --send-report): the same figures, at once.
    const id = await queueReportOnDemand(sources(b), '2026-10', at('2026-11-15', 10));
    expect(await worker(b, at('2026-11-15', 10)).sendNow(FIRM_MAIL_QUEUE, id)).toBe(true);
    const again = reports(sink.received.slice(before)).find(
      (mail) => mail.headers['x-contact-digest-id'] === id,
    );
    expect(decodedText(again!)).toContain(fr('Pages vues : 10 (septembre : 2)'));
  });

  it('deletes the figures of days older than 25 months, and only those', async () => {
    const on = await instance();
    const now = Date.UTC(2026, 10, 24, 11);
    const cutoff = retentionCutoffDay(now);
    expect(cutoff).toBe('2024-10-24');
    for (const day of ['2024-10-23', '2024-10-24', '2026-11-24']) {
      on.tally.count({ day, path: '/fr', measure: 'view', value: '' });
      on.tally.vital({ day, kind: 'home', metric: 'LCP', bucket: 2500 });
      on.tally.title(`note-${day}`, `Note du ${day}`, day);
    }
    await flush(on);
    const views = async () =>
      (await on.audience.period('2024-01-01', '2026-12-31')).days
        .filter((row) => row.measure === 'view')
        .map((row) => row.day);
    expect(await views()).toEqual(
      expect.arrayContaining(['2024-10-23', '2024-10-24', '2026-11-24']),
    );
    expect(await on.audience.purge(cutoff)).toBe(3);
    expect(await views()).not.toContain('2024-10-23');
    expect(await views()).toEqual(expect.arrayContaining(['2024-10-24', '2026-11-24']));
    const { vitals, titles } = await on.audience.period('2024-10-23', '2024-10-23');
    expect(vitals).toEqual([]);
    expect(titles.has('note-2024-10-23')).toBe(false);
    expect(titles.get('note-2024-10-24')).toBe('Note du 2024-10-24');
  });

  it('a write that fails part way keeps only what was not written: nothing is counted twice', async () => {
    const database = await openDatabase(await databases.url(dialect));
    const store = audienceStore(database);
    const run = (statement: SQL) =>
      database.dialect === 'sqlite' ? database.db.run(statement) : database.db.execute(statement);
    const tally = new AudienceTally();
    tally.count({ day: '2026-11-24', path: '/fr', measure: 'view', value: '' });
    tally.vital({ day: '2026-11-24', kind: 'home', metric: 'LCP', bucket: 2500 });
    // The loading times' table is away: the counts are written, the rest is not.
    await run(sql`ALTER TABLE audience_vitals RENAME TO audience_vitals_away`);
    const failure = await store.add(tally.take()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PartialWrite);
    const { left } = failure as PartialWrite;
    expect(left.counts).toEqual([]);
    expect(left.vitals).toHaveLength(1);
    await run(sql`ALTER TABLE audience_vitals_away RENAME TO audience_vitals`);
    tally.restore(left);
    await store.add(tally.take());
    const { counts, vitals } = await store.period('2026-11-24', '2026-11-24');
    expect(counts).toEqual([{ measure: 'view', path: '/fr', value: '', count: 1 }]);
    expect(vitals).toEqual([{ kind: 'home', metric: 'LCP', bucket: 2500, count: 1 }]);
    await database.close();
  });

  if (dialect === 'sqlite')
    it('npm run stats prints the same figures for any period, as text and CSV, and sends a report on demand', async () => {
      const stats = (args: string[], env: Record<string, string> = {}) =>
        new Promise<{ stdout: string; stderr: string; code: number }>((resolve, reject) => {
          execFile(
            process.execPath,
            ['--conditions=react-server', '--import', 'tsx', 'scripts/stats.ts', ...args],
            {
              cwd: path.resolve(__dirname, '../..'),
              env: {
                ...process.env,
                DATABASE_URL: url,
                ARTICLES_SHEET_URL: sheet.url,
                ...env,
              },
            },
            (error, stdout, stderr) => {
              if (error && typeof error.code !== 'number') reject(error);
              else resolve({ stdout, stderr, code: error ? Number(error.code) : 0 });
            },
          );
        });
      const month = await stats(['--month', '2026-10']);
      expect(month.code, month.stderr).toBe(0);
      expect(month.stdout).toContain(fr('Pages vues : 10 (septembre : 2)'));
      expect(month.stdout).toContain(`«${NB}Titre actuel${NB}»`);
      expect(month.stdout).toContain(fr('Abonnés confirmés à ce jour : 2, dont 1 en anglais'));
      expect(month.stdout).toContain(fr('Lettres envoyées : 4 (septembre : 0)'));
      expect(month.stdout).not.toContain('Bonjour');

      const range = await stats(['--from', '2026-10-14', '--to', '2026-10-14']);
      expect(range.stdout).toContain(
        'Voici la fréquentation du site le 14 octobre 2026, comparée à la veille',
      );
      expect(range.stdout).toContain(fr('Pages vues : 9 (avant : 0)'));
      expect(range.stdout).toMatch(/2026-10-14 +9 +7 +2/);
      const fortnight = await stats(['--from', '2026-10-01', '--to', '2026-10-14']);
      expect(fortnight.stdout).toContain(
        'Voici la fréquentation du site du 1er octobre 2026 au 14 octobre 2026, comparée aux 14 jours précédents',
      );

      const csv = await stats(['--csv', '--month', '2026-10']);
      const rows = csv.stdout.trim().split('\n');
      expect(rows[0]).toBe('figure,page,title,kind,detail,count,p75,rating');
      expect(rows).toContain('views,,,,,10,,');
      expect(rows).toContain(
        'page-views,/blog/une-note-sur-le-forfait-jours,Une note sur le forfait jours,article,en,1,,',
      );
      expect(rows).toContain('entries-from-search-engine,,,,Google,3,,');
      expect(rows).toContain('page-not-found,/fr/vieux-lien,,,,2,,');
      expect(rows).toContain('loading-time,,,home,LCP,4,2000,good');
      expect(rows).toContain('subscribers,,,,new,3,,');
      expect(rows).toContain('subscribers,,,,unsubscribed,1,,');
      expect(rows).toContain('subscribers,,,,refused,1,,');
      expect(rows).toContain('letters-sent,,,,,4,,');

      const wrong = await stats(['--month', '2026-13']);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('--month 2026-13: expected YYYY-MM');

      const before = sink.received.length;
      const sent = await stats(['--send-report', '2026-10'], {
        SMTP_URL: sink.url,
        CONTACT_TO: 'cabinet@example.test',
      });
      expect(sent.code, sent.stderr).toBe(0);
      expect(sent.stdout).toContain('The report of 2026-10 was sent to cabinet@example.test');
      const [mail] = reports(sink.received.slice(before));
      expect(decodedText(mail!)).toContain(fr('Pages vues : 10 (septembre : 2)'));
    });
});
