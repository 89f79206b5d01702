import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNextServer, stopServer } from '../../harness/next-server';

/**
 * A stopping instance behind nginx (server.ts, "The stop"): nginx keeps idle connections to it
 * and may send a request on one at any moment, so they are not closed the instant SIGTERM
 * arrives. A request that comes meanwhile is answered, with `Connection: close`.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sa-graceful-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Sends one GET on the socket and resolves with the answer's head. */
function get(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error('the connection was closed before the request'));
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
    socket.once('close', () =>
      reject(new Error(`the connection was closed before an answer: ${received}`)),
    );
    socket.write('GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

describe('graceful stop', () => {
  it('keeps an idle kept-alive connection for its grace period after SIGTERM, answering on it with Connection: close', async () => {
    const server = await startNextServer({
      DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
    });
    const open = async () => {
      const socket = net.connect(server.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      expect(await get(socket)).toMatch(/^HTTP\/1\.1 200/);
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      return { socket, closed };
    };
    // Two kept-alive connections, idle when the signal comes: nginx's, between two requests.
    const used = await open();
    const left = await open();
    let leftClosed = false;
    void left.closed.then(() => (leftClosed = true));

    const stopped = stopServer(server.process, 'SIGTERM', 15_000);
    // The server has taken the signal (it says so first); the idle connections are still open
    // and served, the answer closing the connection it came on.
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain('[server] SIGTERM: finishing the requests in hand');
    const head = await get(used.socket);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).toMatch(/^connection: close$/im);
    await used.closed;
    // The other one was still open then: it is closed at the end of its grace, before the exit.
    expect(leftClosed).toBe(false);
    await left.closed;
    const { code } = await stopped;
    expect(code).toBe(143);
  });
});
