import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const preload = path.join(__dirname, 'accept-connections.mjs');

/**
 * A server with the preload, 16 kept-alive connections each with a request in flight (answered
 * after 0.4 to 1.9 s), then close() as Next.js calls it on SIGTERM. Prints what happened, as JSON.
 * The kernel spreads the connections over the 8 sockets, so the slowest is on an extra socket
 * 7 times in 8.
 */
const script = `
const http = require('node:http');
let n = 0;
const server = http.createServer((request, response) =>
  setTimeout(() => response.end('done'), 400 + 100 * n++));
server.keepAliveTimeout = 100;
server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const answers = Array.from({ length: 16 }, () => new Promise((resolve) => {
    http.get({ port, host: '127.0.0.1', agent }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ body, at: Date.now() }));
    }).on('error', (error) => resolve({ body: error.code, at: Date.now() }));
  }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const closed = new Promise((resolve) => server.close(() => resolve(Date.now())));
  const results = await Promise.all(answers);
  const closedAt = await closed;
  agent.destroy();
  console.log(JSON.stringify({ bodies: results.map((r) => r.body), lastAnswer: Math.max(...results.map((r) => r.at)), closedAt }));
});
`;

describe('accept-connections preload', () => {
  it("calls close()'s callback only once the requests on every socket's connections are answered", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', preload, '-e', script],
      { env: { ...process.env, ACCEPT_SOCKETS: '8' } },
    );
    const result = JSON.parse(stdout) as { bodies: string[]; lastAnswer: number; closedAt: number };
    expect(result.bodies).toEqual(Array.from({ length: 16 }, () => 'done'));
    expect(result.closedAt).toBeGreaterThanOrEqual(result.lastAnswer);
  });
});
