/**
 * `npm run subscribers` — the legal watch's subscribers, newest consent first, with the record of
 * their consent (language, date and page of consent, date of confirmation), and how many are
 * confirmed per language:
 *   npm run subscribers
 *   npm run subscribers -- --csv > subscribers.csv
 * Uses DATABASE_URL like the site (.env is read when present), and the site's own store
 * (lib/letters/store.ts). The addresses are personal data: keep exports out of shared folders.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '@/lib/db/client';
import { describe } from '@/lib/errors';
import { lettersStore, UNCONFIRMED_KEEP_MS, type Subscriber } from '@/lib/letters/store';
import { csvCell } from './csv';

for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);

const COLUMNS = [
  'address',
  'locale',
  'state',
  'consented_at',
  'consent_page',
  'confirmed_at',
] as const;
type SubscriberRecord = Record<(typeof COLUMNS)[number], string>;

const iso = (value: number | null) => (value === null ? '' : new Date(value).toISOString());

function toRecord(subscriber: Subscriber): SubscriberRecord {
  return {
    address: subscriber.address,
    locale: subscriber.locale,
    state: subscriber.confirmedAt === null ? 'unconfirmed' : 'confirmed',
    consented_at: iso(subscriber.consentedAt),
    consent_page: subscriber.consentPage,
    confirmed_at: iso(subscriber.confirmedAt),
  };
}

function printText(subscribers: Subscriber[]) {
  if (subscribers.length === 0) {
    console.log('No subscribers.');
    return;
  }
  const confirmed = subscribers.filter((s) => s.confirmedAt !== null);
  const perLanguage = ['fr', 'en']
    .map((locale) => `${confirmed.filter((s) => s.locale === locale).length} ${locale}`)
    .join(', ');
  console.log(
    `${confirmed.length} confirmed subscriber(s) (${perLanguage}), ${subscribers.length - confirmed.length} unconfirmed; newest consent first:\n`,
  );
  for (const subscriber of subscribers) {
    const r = toRecord(subscriber);
    const state =
      subscriber.confirmedAt === null
        ? `unconfirmed, deleted after ${iso(subscriber.consentedAt + UNCONFIRMED_KEEP_MS)}`
        : `confirmed ${r.confirmed_at}`;
    console.log(`${r.address}  (${r.locale})  [${state}]`);
    console.log(`  consent ${r.consented_at} on ${r.consent_page}`);
  }
}

async function main() {
  try {
    const { values } = parseArgs({ options: { csv: { type: 'boolean', default: false } } });
    const store = lettersStore(
      await openDatabase(process.env.DATABASE_URL, 'sorel-aubry-subscribers'),
    );
    try {
      const subscribers = await store.list();
      if (values.csv) {
        process.stdout.write(`${COLUMNS.join(',')}\n`);
        for (const r of subscribers.map(toRecord))
          process.stdout.write(`${COLUMNS.map((c) => csvCell(r[c])).join(',')}\n`);
      } else printText(subscribers);
    } finally {
      await store.close();
    }
  } catch (error) {
    const usage = String((error as { code?: unknown } | null)?.code).startsWith('ERR_PARSE_ARGS');
    console.error(
      usage
        ? `${describe(error)}\nUsage: npm run subscribers -- [--csv]`
        : `Cannot read the subscribers: ${describe(error)}`,
    );
    process.exitCode = 1;
  }
}

// A function rather than top-level await: tsx runs this file as CommonJS, like the package.
void main();
