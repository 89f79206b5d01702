import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { instanceCommand, readUnit } from '../../scripts/systemd-unit.mjs';
import { freePort, waitForHttp } from './ports';

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
  let output = '';
  const child = spawn(command, args, {
    cwd: unit.cwd,
    env: unit.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/robots.txt`);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  }
  const stop = () =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) => {
      const started = Date.now();
      if (child.exitCode !== null || child.signalCode !== null)
        return resolve({ code: child.exitCode, signal: child.signalCode, ms: 0 });
      // The unit's TimeoutStopSec: after 30 s systemd kills what is left.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, ms: Date.now() - started });
      });
      child.kill('SIGTERM');
    });
  return { port, url, process: child, output: () => output, stop };
}
