#!/usr/bin/env node
/**
 * `npm run messages` — lists the stored contact messages, newest first, with their delivery
 * status, so the firm can read them even when e-mail fails. Messages held as suspected spam are
 * left out of that list (its last line counts them):
 *   npm run messages -- --suspected        only the suspected messages, with the reason
 *   npm run messages -- --all              every message
 *   npm run messages -- --csv [--suspected | --all] > messages.csv
 *   npm run messages -- --release <id>     a suspected message was genuine: e-mail it (once)
 * Uses DATABASE_URL like the site (.env is read when present).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import postgres from 'postgres';
import { migratePostgresDatabase, migrateSqlite } from '../lib/db/migrate.mjs';
import { databaseTarget } from '../lib/db/target.mjs';

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
];
const HELD = 'suspected_reason IS NOT NULL AND released_at IS NULL';
const SELECT = `SELECT id, created_at, delivered_at, attempts, last_error, locale, name, email, phone,
  message, suspected_reason, released_at FROM contact_messages`;
const ORDER = 'ORDER BY created_at DESC, id DESC';

/** A refusal the operator must read: printed alone, exit code 1. */
class Refusal extends Error {}

/**
 * Runs `work` with `execute(sql, params)` on the database, its schema brought up to date first.
 * Queries number their parameters $1, $2… for both databases.
 */
async function withDatabase(target, work) {
  if (target.dialect === 'sqlite') {
    await mkdir(path.dirname(target.file), { recursive: true });
    const client = createClient({ url: target.url });
    try {
      await client.execute('PRAGMA busy_timeout = 5000');
      await migrateSqlite(client);
      return await work(async (sql, args = []) => {
        const result = await client.execute({ sql: sql.replace(/\$(\d+)/g, '?$1'), args });
        return result.rows.map((row) =>
          Object.fromEntries(result.columns.map((c, i) => [c, row[i]])),
        );
      });
    } finally {
      client.close();
    }
  }
  await migratePostgresDatabase(target.url);
  const sql = postgres(target.url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    return await work(async (text, params = []) => [...(await sql.unsafe(text, params))]);
  } finally {
    await sql.end({ timeout: 2 });
  }
}

const present = (value) => value !== null && value !== undefined;
const iso = (value) => (present(value) ? new Date(Number(value)).toISOString() : '');

function status(row) {
  if (present(row.delivered_at)) return 'delivered';
  if (present(row.suspected_reason) && !present(row.released_at)) return 'suspected';
  return Number(row.attempts) > 0 ? 'retrying' : 'pending';
}

function toRecord(row) {
  return {
    id: String(row.id),
    created_at: iso(row.created_at),
    status: status(row),
    attempts: String(row.attempts),
    delivered_at: iso(row.delivered_at),
    last_error: present(row.last_error) ? String(row.last_error) : '',
    locale: String(row.locale),
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    message: String(row.message),
    suspected_reason: present(row.suspected_reason) ? String(row.suspected_reason) : '',
    released_at: iso(row.released_at),
  };
}

function csvCell(value) {
  // A leading =, +, - or @ would be a formula in a spreadsheet: neutralise it.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function describeDelivery(r) {
  if (r.status === 'suspected') return `suspected, not e-mailed — ${r.suspected_reason}`;
  const delivery =
    r.status === 'delivered'
      ? `delivered ${r.delivered_at}`
      : `${r.status} (${r.attempts} attempt(s))${r.last_error ? ` — ${r.last_error}` : ''}`;
  return r.released_at ? `${delivery}; released ${r.released_at}` : delivery;
}

function printText(records, { suspectedOnly, heldElsewhere }) {
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

async function list(execute, { csv, suspectedOnly, all }) {
  const where = suspectedOnly ? `WHERE ${HELD}` : all ? '' : `WHERE NOT (${HELD})`;
  const records = (await execute(`${SELECT} ${where} ${ORDER}`)).map(toRecord);
  if (csv) {
    process.stdout.write(`${COLUMNS.join(',')}\n`);
    for (const r of records)
      process.stdout.write(`${COLUMNS.map((c) => csvCell(r[c])).join(',')}\n`);
    return;
  }
  const heldElsewhere =
    suspectedOnly || all
      ? 0
      : Number((await execute(`SELECT COUNT(*) AS n FROM contact_messages WHERE ${HELD}`))[0]?.n);
  printText(records, { suspectedOnly, heldElsewhere });
}

/**
 * Hands a suspected message to the outbox. One conditional UPDATE: of two releases at once, one
 * matches; the outbox workers' own claim then lets exactly one of them send it.
 */
async function release(execute, id) {
  const released = await execute(
    `UPDATE contact_messages SET released_at = $1 WHERE id = $2 AND ${HELD} RETURNING id`,
    [Date.now(), id],
  );
  if (released.length === 1) {
    console.log(
      `Message ${id} released: the site e-mails it to the firm once, within seconds while it runs (or when it next starts).`,
    );
    return;
  }
  const [found] = await execute(
    'SELECT suspected_reason, released_at FROM contact_messages WHERE id = $1',
    [id],
  );
  if (!found) throw new Refusal(`No message has the id ${id}.`);
  if (present(found.released_at))
    throw new Refusal(`Message ${id} was already released on ${iso(found.released_at)}.`);
  throw new Refusal(`Message ${id} is not a suspected message: it was never held.`);
}

try {
  const { values } = parseArgs({
    options: {
      csv: { type: 'boolean' },
      suspected: { type: 'boolean' },
      all: { type: 'boolean' },
      release: { type: 'string' },
    },
  });
  if (values.suspected && values.all) throw new Refusal('Give --suspected or --all, not both.');
  const target = databaseTarget(process.env.DATABASE_URL);
  await withDatabase(target, (execute) =>
    values.release !== undefined
      ? release(execute, values.release.trim())
      : list(execute, { csv: values.csv, suspectedOnly: values.suspected, all: values.all }),
  );
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  const usage = String(error?.code).startsWith('ERR_PARSE_ARGS');
  console.error(
    error instanceof Refusal || usage
      ? `${reason}${usage ? '\nUsage: npm run messages -- [--csv] [--suspected | --all] | --release <id>' : ''}`
      : `Cannot read the contact messages: ${reason}`,
  );
  process.exitCode = 1;
}
