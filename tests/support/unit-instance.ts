import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { instanceCommand, readUnit } from '../../scripts/systemd-unit.mjs';
import { spawnServer, stopServer } from '../../harness/next-server';
import { freePort } from '../../harness/ports';

const root = path.resolve(__dirname, '../..');

export interface UnitInstance {
  port: number;
  url: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, as `systemctl stop` sends it; resolves with the exit code and how long it took. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

/**
 * Writes the instances' environment file (the unit's EnvironmentFile=, one VARIABLE=value a
 * line). NEXT_DIST_DIR follows the test run, so a parallel build is the one served.
 */
export function writeEnvFile(file: string, settings: Record<string, string>): string {
  const all = process.env.NEXT_DIST_DIR
    ? { ...settings, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR }
    : settings;
  writeFileSync(
    file,
    Object.entries(all)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
  return file;
}

/**
 * Starts `sorel-aubry-avocats@<port>.service` as systemd would, from the shipped unit: its
 * ExecStart, Environment and EnvironmentFile, with only the port, this checkout's folder and the
 * given environment file substituted. The process gets systemd's clean environment, not the
 * test's. (systemd's sandbox itself, User= and ReadWritePaths=, needs systemd running.)
 */
export async function startUnitInstance(
  envFile: string,
  options: { port?: number } = {},
): Promise<UnitInstance> {
  const port = options.port ?? (await freePort());
  const unit = instanceCommand(readUnit(), { port, appDir: root, envFile });
  const [command = '', ...args] = unit.argv;
  const { child, url, output } = await spawnServer(command, args, {
    cwd: unit.cwd,
    env: unit.env as NodeJS.ProcessEnv,
    port,
  });
  // The unit's TimeoutStopSec: after 30 s systemd kills what is left.
  const stop = () => stopServer(child, 'SIGTERM', 30_000);
  return { port, url, process: child, output, stop };
}
