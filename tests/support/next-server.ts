import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, waitForHttp } from './ports';

export interface NextServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the server printed, for assertions on logs. */
  output: () => string;
  /** SIGTERM, then waits for the exit (SIGKILL after the grace period). */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

const root = path.resolve(__dirname, '../..');

/**
 * Starts the production build (`next start`, built beforehand by the test command) with the given
 * environment, on a free loopback port. Integration tests use it to run the real site.
 */
export async function startNextServer(
  env: Record<string, string | undefined> = {},
  options: { port?: number } = {},
): Promise<NextServer> {
  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)],
    {
      cwd: root,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/robots.txt`);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  }
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
      child.kill(signal);
    });
  return { url, port, process: child, output: () => output, stop };
}
