import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, HttpError } from './api-request';

let server: http.Server;
let base = '';
const seen: Array<{ method?: string; type?: string; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method, type: request.headers['content-type'], body });
      if (request.url === '/empty-error') {
        response.writeHead(502, 'Bad Gateway').end();
      } else if (request.url === '/error') {
        response
          .writeHead(429, { 'content-type': 'application/json' })
          .end('{"message":"Trop de messages"}');
      } else {
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"1"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiRequest', () => {
  it('sends a JSON body and content type only with a payload', async () => {
    await apiRequest('POST', `${base}/ok`, { a: 1 });
    await apiRequest('GET', `${base}/ok`);
    expect(seen.at(-2)).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
    expect(seen.at(-1)).toEqual({ method: 'GET', type: undefined, body: '' });
  });

  it("throws 'status: body' on a non-2xx answer, or the status text when empty", async () => {
    const error = await apiRequest('POST', `${base}/error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('429: {"message":"Trop de messages"}');
    expect((error as HttpError).serverMessage()).toBe('Trop de messages');
    const empty = await apiRequest('GET', `${base}/empty-error`).catch((e: unknown) => e);
    expect((empty as HttpError).message).toBe('502: Bad Gateway');
  });
});
