#!/usr/bin/env node
/**
 * `npm run messages` — lists the stored contact messages, newest first, with their delivery
 * status, so the firm can read them even when e-mail fails. `npm run messages -- --csv` prints
 * CSV instead (redirect it to a file). Uses DATABASE_URL like the site (.env is read when present).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
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
];
const SELECT = `SELECT id, created_at, delivered_at, attempts, last_error, locale, name, email, phone, message
  FROM contact_messages ORDER BY created_at DESC, id DESC`;

async function readMessages(target) {
  if (target.dialect === 'sqlite') {
    await mkdir(path.dirname(target.file), { recursive: true });
    const client = createClient({ url: target.url });
    try {
      const execute = async (sql, args = []) => {
        const result = await client.execute({ sql, args });
        return result.rows.map((row) =>
          Object.fromEntries(result.columns.map((c, i) => [c, row[i]])),
        );
      };
      await client.execute('PRAGMA busy_timeout = 5000');
      await migrateSqlite(client);
      return await execute(SELECT);
    } finally {
      client.close();
    }
  }
  const sql = postgres(target.url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    const execute = async (text, params = []) => [...(await sql.unsafe(text, params))];
    await migratePostgresDatabase(target.url);
    return await execute(SELECT);
  } finally {
    await sql.end({ timeout: 2 });
  }
}

const iso = (value) =>
  value === null || value === undefined ? '' : new Date(Number(value)).toISOString();

function toRecord(row) {
  return {
    id: String(row.id),
    created_at: iso(row.created_at),
    status:
      row.delivered_at !== null && row.delivered_at !== undefined
        ? 'delivered'
        : Number(row.attempts) > 0
          ? 'retrying'
          : 'pending',
    attempts: String(row.attempts),
    delivered_at: iso(row.delivered_at),
    last_error:
      row.last_error === null || row.last_error === undefined ? '' : String(row.last_error),
    locale: String(row.locale),
    name: String(row.name),
    email: String(row.email),
    phone: String(row.phone),
    message: String(row.message),
  };
}

function csvCell(value) {
  // A leading =, +, - or @ would be a formula in a spreadsheet: neutralise it.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function printText(records) {
  if (records.length === 0) {
    console.log('No contact messages stored.');
    return;
  }
  console.log(`${records.length} contact message(s), newest first:\n`);
  for (const r of records) {
    const delivery =
      r.status === 'delivered'
        ? `delivered ${r.delivered_at}`
        : `${r.status} (${r.attempts} attempt(s))${r.last_error ? ` — ${r.last_error}` : ''}`;
    console.log(`${r.created_at}  [${delivery}]  ${r.id}`);
    console.log(`  ${r.name} <${r.email}>  ${r.phone}  (${r.locale})`);
    for (const line of r.message.split('\n')) console.log(`  | ${line}`);
    console.log('');
  }
}

try {
  const target = databaseTarget(process.env.DATABASE_URL);
  const records = (await readMessages(target)).map(toRecord);
  if (process.argv.includes('--csv')) {
    process.stdout.write(`${COLUMNS.join(',')}\n`);
    for (const r of records)
      process.stdout.write(`${COLUMNS.map((c) => csvCell(r[c])).join(',')}\n`);
  } else {
    printText(records);
  }
} catch (error) {
  console.error(
    `Cannot read the contact messages: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
}
