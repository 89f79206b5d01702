import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, waitForHttp } from '../../harness/ports';

/**
 * `npm run dev`, as a developer starts it: the server entry in development mode, whose request
 * gate lets only the live reload's WebSocket (/_next/hmr) upgrade. Its build goes to a folder of
 * its own (NEXT_DIST_DIR), apart from the production build the other tests serve.
 */
const root = path.resolve(__dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-dev-'));
const port = await freePort();
let output = '';
const dev = spawn('npm', ['run', '--silent', 'dev'], {
  cwd: root,
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: '.next-dev',
    PORT: String(port),
    DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  // A process group of its own (npm, its shell, the server), stopped as a whole below.
  detached: true,
});
dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

beforeAll(async () => {
  // The first request compiles; once answered, Next.js's live reload is set up.
  await waitForHttp(`http://127.0.0.1:${port}/robots.txt`, 150_000);
}, 160_000);

/** Whether any process of the group `npm run dev` started is still running. */
function groupRunning(): boolean {
  try {
    process.kill(-dev.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  // Ctrl+C in a terminal signals npm's whole process group; signalled alone, npm's shell would
  // wait for the server, which never hears it, and the server would outlive the test.
  process.kill(-dev.pid!, 'SIGINT');
  await vi
    .waitFor(() => expect(groupRunning()).toBe(false), { timeout: 20_000 })
    .catch(() => {
      process.kill(-dev.pid!, 'SIGKILL');
    });
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Asks for a WebSocket upgrade and resolves with the answer's status line. */
function upgrade(pathname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: localhost:${port}\r\nUpgrade: websocket\r\n` +
          'Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString('latin1').split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('npm run dev', () => {
  it('serves the site in development mode', () => {
    expect(output).toMatch(/\[server\] ready on http:\/\/localhost:\d+ \(development\)/);
  });

  it('lets the live reload’s WebSocket upgrade through, and refuses any other', async () => {
    expect(await upgrade('/_next/hmr')).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await upgrade('/fr')).toBe('HTTP/1.1 400 Bad Request');
  });
});
