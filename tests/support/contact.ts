import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/db/client';
import { startPostgres, type PostgresCluster } from '../../harness/postgres';

export type Dialect = 'sqlite' | 'postgres';

/** A valid contact payload (name, e-mail, phone, message), distinct per call. */
export function validMessage(overrides: Record<string, unknown> = {}) {
  const n = randomUUID().slice(0, 8);
  return {
    name: `Claire Martin ${n}`,
    email: `claire.${n}@example.com`,
    phone: '+33 1 99 00 12 34',
    message: `Bonjour, je souhaite un rendez-vous au sujet d'une rupture conventionnelle (${n}).`,
    ...overrides,
  };
}

/** An empty database of the given kind; PostgreSQL clusters are shared per test file. */
/** A stored message's row, created (and due) at `createdAt`, for tests that write to the store. */
export function messageRow(createdAt: number, overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    ...validMessage(),
    locale: 'fr',
    createdAt,
    nextAttemptAt: createdAt,
    attempts: 0,
    ...overrides,
  };
}

export class TestDatabases {
  private cluster: PostgresCluster | null = null;
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'sa-contact-'));

  async url(dialect: Dialect): Promise<string> {
    const name = `t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    if (dialect === 'sqlite') return `file:${path.join(this.dir, `${name}.db`)}`;
    this.cluster ??= await startPostgres();
    return this.cluster.createDatabase(name);
  }

  postgres(): PostgresCluster {
    if (!this.cluster) throw new Error('no PostgreSQL cluster started');
    return this.cluster;
  }

  stop(): void {
    try {
      this.cluster?.stop();
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

/** Node's arguments that run `npm run messages` (TypeScript, with the site's module conditions). */
export const MESSAGES_COMMAND = [
  '--conditions=react-server',
  '--import',
  'tsx',
  'scripts/messages.ts',
] as const;

/** What `npm run messages -- …args` printed and its exit code, on the given database. */
export async function messagesCommand(
  databaseUrl: string,
  args: string[],
): Promise<{ stdout: string; stderr: string; code: number }> {
  const root = path.resolve(__dirname, '../..');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...MESSAGES_COMMAND, ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ stdout, stderr, code: error ? Number(error.code) : 0 });
      },
    );
  });
}

/**
 * Moves a stored message's arrival (and first delivery attempt) back to `createdAt`: what a
 * running server's clock would see after waiting, without waiting.
 */
export async function backdateMessage(databaseUrl: string, id: string, createdAt: number) {
  const database = await openDatabase(databaseUrl);
  const statement = sql`UPDATE contact_messages SET created_at = ${createdAt}, next_attempt_at = ${createdAt} WHERE id = ${id}`;
  try {
    if (database.dialect === 'sqlite') await database.db.run(statement);
    else await database.db.execute(statement);
  } finally {
    await database.close();
  }
}
