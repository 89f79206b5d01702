/**
 * `npm run messages` — lists the stored contact messages, newest first, with their delivery
 * status, so the firm can read them even when e-mail fails. Messages held as suspected spam are
 * left out of that list (its last line counts them):
 *   npm run messages -- --suspected        only the suspected messages, with the reason
 *   npm run messages -- --all              every message
 *   npm run messages -- --csv [--suspected | --all] > messages.csv
 *   npm run messages -- --release <id>     a suspected message was genuine: e-mail it (once)
 * Uses DATABASE_URL like the site (.env is read when present), and the site's own store
 * (lib/contact/storage/store.ts): what "held" means and how a release works are written there
 * once.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { contactStore, type ContactMessage, type ContactStore } from '@/lib/contact/storage/store';
import { openDatabase } from '@/lib/db/client';
import { csvCell } from './csv';
import { describe } from '@/lib/errors';

for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);

const COLUMNS = [
  'id',
  'created_at',
  'status',
  'attempts',
  'delivered_at',
  'last_error',
  'locale',
  'name',
  'email',
  'phone',
  'message',
  'suspected_reason',
  'released_at',
] as const;
type MessageRecord = Record<(typeof COLUMNS)[number], string>;

/** A refusal the operator must read: printed alone, exit code 1. */
class Refusal extends Error {}

const iso = (value: number | null) => (value === null ? '' : new Date(value).toISOString());

function status(message: ContactMessage): string {
  if (message.deliveredAt !== null) return 'delivered';
  if (message.suspectedReason !== null && message.releasedAt === null) return 'suspected';
  return message.attempts > 0 ? 'retrying' : 'pending';
}

function toRecord(message: ContactMessage): MessageRecord {
  return {
    id: message.id,
    created_at: iso(message.createdAt),
    status: status(message),
    attempts: String(message.attempts),
    delivered_at: iso(message.deliveredAt),
    last_error: message.lastError ?? '',
    locale: message.locale,
    name: message.name,
    email: message.email,
    phone: message.phone,
    message: message.message,
    suspected_reason: message.suspectedReason ?? '',
    released_at: iso(message.releasedAt),
  };
}

function describeDelivery(r: MessageRecord): string {
  if (r.status === 'suspected') return `suspected, not e-mailed — ${r.suspected_reason}`;
  const delivery =
    r.status === 'delivered'
      ? `delivered ${r.delivered_at}`
      : `${r.status} (${r.attempts} attempt(s))${r.last_error ? ` — ${r.last_error}` : ''}`;
  return r.released_at ? `${delivery}; released ${r.released_at}` : delivery;
}

function printText(
  records: MessageRecord[],
  { suspectedOnly, heldElsewhere }: { suspectedOnly: boolean; heldElsewhere: number },
) {
  const kind = suspectedOnly ? 'suspected contact message(s)' : 'contact message(s)';
  if (records.length === 0)
    console.log(suspectedOnly ? 'No suspected messages.' : 'No contact messages stored.');
  else console.log(`${records.length} ${kind}, newest first:\n`);
  for (const r of records) {
    console.log(`${r.created_at}  [${describeDelivery(r)}]  ${r.id}`);
    console.log(`  ${r.name} <${r.email}>  ${r.phone}  (${r.locale})`);
    for (const line of r.message.split('\n')) console.log(`  | ${line}`);
    console.log('');
  }
  if (suspectedOnly && records.length > 0)
    console.log('A genuine one? npm run messages -- --release <id> e-mails it to the firm.');
  if (heldElsewhere > 0)
    console.log(
      `${heldElsewhere} suspected message(s) held, not e-mailed, not listed: npm run messages -- --suspected`,
    );
}

async function list(
  store: ContactStore,
  { csv, suspectedOnly, all }: { csv: boolean; suspectedOnly: boolean; all: boolean },
) {
  const which = suspectedOnly ? 'held' : all ? 'all' : 'not-held';
  const records = (await store.list(which)).map(toRecord);
  if (csv) {
    process.stdout.write(`${COLUMNS.join(',')}\n`);
    for (const r of records)
      process.stdout.write(`${COLUMNS.map((c) => csvCell(r[c])).join(',')}\n`);
    return;
  }
  const heldElsewhere = which === 'not-held' ? await store.countHeld() : 0;
  printText(records, { suspectedOnly, heldElsewhere });
}

/** Hands a suspected message to the outbox, as a digest's release link does. */
async function release(store: ContactStore, id: string) {
  const outcome = await store.release(id, Date.now());
  switch (outcome.kind) {
    case 'released':
      console.log(
        `Message ${id} released: the site e-mails it to the firm once, within seconds while it runs (or when it next starts).`,
      );
      return;
    case 'unknown':
      throw new Refusal(`No message has the id ${id}.`);
    case 'already-released':
      throw new Refusal(
        `Message ${id} was already released on ${iso(outcome.message.releasedAt)}.`,
      );
    case 'not-held':
      throw new Refusal(`Message ${id} is not a suspected message: it was never held.`);
  }
}

async function main() {
  try {
    const { values } = parseArgs({
      options: {
        csv: { type: 'boolean', default: false },
        suspected: { type: 'boolean', default: false },
        all: { type: 'boolean', default: false },
        release: { type: 'string' },
      },
    });
    if (values.suspected && values.all) throw new Refusal('Give --suspected or --all, not both.');
    const store = contactStore(
      await openDatabase(process.env.DATABASE_URL, 'sorel-aubry-messages'),
    );
    try {
      await (values.release !== undefined
        ? release(store, values.release.trim())
        : list(store, { csv: values.csv, suspectedOnly: values.suspected, all: values.all }));
    } finally {
      await store.close();
    }
  } catch (error) {
    const reason = describe(error);
    const usage = String((error as { code?: unknown } | null)?.code).startsWith('ERR_PARSE_ARGS');
    console.error(
      error instanceof Refusal || usage
        ? `${reason}${usage ? '\nUsage: npm run messages -- [--csv] [--suspected | --all] | --release <id>' : ''}`
        : `Cannot read the contact messages: ${reason}`,
    );
    process.exitCode = 1;
  }
}

// A function rather than top-level await: tsx runs this file as CommonJS, like the package.
void main();
