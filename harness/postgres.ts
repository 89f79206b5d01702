import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './ports';

export interface PostgresCluster {
  /** Address of the default database; use `createDatabase` for an empty one per suite. */
  url: string;
  createDatabase(name: string): Promise<string>;
  /** Stops the server (the data stays), to test an unreachable database. */
  pause(): void;
  resume(): void;
  stop(): void;
}

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function binDirectory(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin. Install them with ' +
        '`bash scripts/ensure-system-deps.sh` (Debian package postgresql); the storage tests need a real server.',
    );
  return path.join(root, newest, 'bin');
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port with trust authentication, in a temp
 * folder. PostgreSQL refuses to run as root, so as root the commands run as the 'postgres' user.
 */
export async function startPostgres(): Promise<PostgresCluster> {
  const bin = binDirectory();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sa-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], {
          stdio: 'pipe',
          cwd: dir,
        })
      : execFileSync(path.join(bin, tool), args, { stdio: 'pipe', cwd: dir });

  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const halt = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    async createDatabase(name) {
      await withClient(url, (client) => client.query(`CREATE DATABASE "${name}"`));
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    pause() {
      if (running) halt();
      running = false;
    },
    resume() {
      if (!running) start();
      running = true;
    },
    stop() {
      try {
        if (running) halt();
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
