import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { listen } from './listening';

/** GETs `/` on a kept-alive agent; resolves with the body and when it arrived. */
function get(port: number, agent: http.Agent): Promise<{ body: string; at: number }> {
  return new Promise((resolve) => {
    http
      .get({ port, host: '127.0.0.1', agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ body, at: Date.now() }));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve({ body: error.code ?? '', at: 0 }));
  });
}

describe('listen (several sockets for one HTTP server)', () => {
  it('serves connections from every socket, and drains only once each request is answered', async () => {
    let n = 0;
    const server = http.createServer((_request, response) =>
      setTimeout(() => response.end('done'), 300 + 100 * n++),
    );
    server.keepAliveTimeout = 100;
    const listening = await listen(server, { port: 0, host: '127.0.0.1', sockets: 8 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    // 16 connections at once: the kernel spreads them over the 8 sockets.
    const answers = Array.from({ length: 16 }, () => get(listening.port, agent));
    // Stopped once every request is in (a sign, not a delay: a loaded machine accepts late).
    while (n < 16) await new Promise((resolve) => setTimeout(resolve, 10));
    listening.stopAccepting();
    // No new connection is accepted once stopped, on any socket.
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(listening.port, '127.0.0.1');
      socket.once('connect', () => resolve('accepted'));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? ''));
    });
    expect(refused).toBe('ECONNREFUSED');
    const drained = listening.drained().then(() => Date.now());
    const results = await Promise.all(answers);
    agent.destroy();
    expect(results.map((r) => r.body)).toEqual(Array.from({ length: 16 }, () => 'done'));
    expect(await drained).toBeGreaterThanOrEqual(Math.max(...results.map((r) => r.at)));
  });

  it('rejects when the port is taken, even by another server that shares ports the same way', async () => {
    const first = http.createServer();
    const { port } = await listen(first, { port: 0, host: '127.0.0.1', sockets: 2 });
    await expect(
      listen(http.createServer(), { port, host: '127.0.0.1', sockets: 2 }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await expect(
      listen(http.createServer(), { port, host: '127.0.0.1', sockets: 1 }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    first.closeAllConnections();
    first.close();
  });
});
