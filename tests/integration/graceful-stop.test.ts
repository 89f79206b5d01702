import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNextServer, stopServer } from '../support/next-server';

/**
 * A stopping instance behind nginx (lib/server/graceful-stop.ts): nginx keeps idle connections
 * to it and may send a request on one at any moment, so they are not closed the instant SIGTERM
 * arrives. A request that comes meanwhile is answered, with `Connection: close`.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-graceful-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Sends one GET on the socket and resolves with the answer's head. */
function get(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      resolve(received.slice(0, end));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write('GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

describe('graceful stop', () => {
  it('keeps an idle kept-alive connection for its grace period after SIGTERM, answering on it with Connection: close', async () => {
    const server = await startNextServer({
      DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
    });
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    expect(await get(socket)).toMatch(/^HTTP\/1\.1 200/);
    let closedAt = 0;
    socket.on('close', () => (closedAt = Date.now()));

    const stopped = stopServer(server.process, 'SIGTERM', 15_000);
    const signalledAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Half a second into the stop the idle connection is still open, and still served.
    expect(closedAt).toBe(0);
    const head = await get(socket);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/^connection: close$/im);

    const { code } = await stopped;
    expect(code).toBe(143);
    expect(closedAt).toBeGreaterThan(signalledAt + 400);
  });
});
