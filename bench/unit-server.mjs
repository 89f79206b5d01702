// The site's server as deploy/systemd/sorel-aubry-avocats@.service starts it, for the benchmarks: the
// shipped unit's ExecStart and Environment (scripts/systemd-unit.mjs, as the deployment test
// does), with an environment file of the given settings.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { instanceCommand, readUnit } from '../scripts/systemd-unit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts one instance with these settings (VARIABLE: value); resolves once it answers. */
export async function startUnitServer(settings) {
  const port = await freePort();
  const envFile = path.join(os.tmpdir(), `bench-env-${process.pid}-${port}`);
  writeFileSync(
    envFile,
    Object.entries(settings)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
  );
  const unit = instanceCommand(readUnit(), { port, appDir: root, envFile });
  rmSync(envFile);
  const [command, ...args] = unit.argv;
  const child = spawn(command, args, {
    cwd: unit.cwd,
    // NEXT_DIST_DIR, when set, measures another build.
    env: {
      ...unit.env,
      ...(process.env.NEXT_DIST_DIR && { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      await fetch(`${url}/robots.txt`);
      return { url, port, child };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer');
}
