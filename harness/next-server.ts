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

const root = path.resolve(__dirname, '..');

/**
 * Starts the production build with the given environment, on a free loopback port, as `npm
 * start` does: the server entry (dist/server.mjs, which the test command's `npm run build`
 * bundles) on Node.js 24, of this checkout or of `site` (another checkout, built).
 */
export async function startNextServer(
  env: Record<string, string | undefined> = {},
  options: { port?: number; site?: string } = {},
): Promise<NextServer> {
  const port = options.port ?? (await freePort());
  const site = options.site ?? root;
  const { child, url, output } = await spawnServer(
    process.execPath,
    [path.join(site, 'dist/server.mjs')],
    {
      cwd: site,
      port,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        PORT: String(port),
        ...env,
      },
    },
  );
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') =>
    (await stopServer(child, signal, 15_000)).code;
  return { url, port, process: child, output, stop };
}

/** A server that exited before it answered: its exit code or signal, and what it printed. */
export class ServerExitedError extends Error {
  override name = 'ServerExitedError';
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly output: string,
  ) {
    super(`the server exited (${signal ?? `code ${code}`}) before it answered:\n${output}`);
  }
}

/**
 * Spawns a server process and waits until it answers on `port` (GET /robots.txt). A server that
 * exits first rejects with a ServerExitedError (its code and output); one that never answers is
 * killed, and the error carries what it printed.
 */
export async function spawnServer(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; port: number },
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  let output = '';
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': by then everything the server printed has been read.
  let closed: ServerExitedError | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('close', (code, signal) => {
      closed = new ServerExitedError(code, signal, output);
      resolve();
    }),
  );
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHttp(`${url}/robots.txt`, 60_000, gone);
  } catch (error) {
    if (gone()) {
      await exited;
      throw closed ?? error;
    }
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  }
  return { child, url, output: () => output };
}

/** Sends `signal` and waits for the exit, killing the process after `killAfterMs`. */
export function stopServer(
  child: ChildProcess,
  signal: NodeJS.Signals,
  killAfterMs: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode, signal: child.signalCode, ms: 0 });
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', (code, exitSignal) => {
      clearTimeout(timer);
      resolve({ code, signal: exitSignal, ms: Date.now() - started });
    });
    child.kill(signal);
  });
}
