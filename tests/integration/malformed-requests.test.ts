import { createClient } from '@libsql/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from '../../scripts/nginx.mjs';
import { startNextServer, type NextServer } from '../../harness/next-server';
import {
  content,
  hiddenFields,
  multipartBody,
  rawRequest,
  sendRaw,
  type RawAnswer,
} from '../../harness/raw-http';

/**
 * Requests the site cannot use, sent as raw bytes (a socket, not a client that tidies them)
 * straight to the server and through the shipped nginx site: each gets a 4xx with a short
 * body, never the page and never a 500, and the server's log holds no stack for it.
 */
let server: NextServer;
let nginx: RunningNginx;
let dataDir: string;
let actionId = '';
let script = '';

interface Target {
  name: string;
  base: URL;
}
const targets = (): Target[] => [
  { name: 'the server', base: new URL(server.url) },
  { name: 'nginx', base: new URL(nginx.httpsUrl) },
];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sa-malformed-'));
  server = await startNextServer({
    DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
  });
  nginx = await startNginx({ upstreamPorts: [server.port] });
  const home = await sendRaw(new URL(server.url), rawRequest('GET', '/fr', host(server.url)));
  actionId =
    /"id":"([0-9a-f]+)"/.exec(
      hiddenFields(content(home)).find(([n]) => n === '$ACTION_1:0')?.[1] ?? '',
    )?.[1] ?? '';
  script = /src="(\/_next\/static\/[^"]+\.js)"/.exec(home.body)?.[1] ?? '';
  expect(actionId, 'the home page carries the contact form action').not.toBe('');
  expect(script, 'the home page loads a script of ours').not.toBe('');
}, 90_000);

afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function host(url: string): string {
  return new URL(url).host;
}

/** Stored contact messages, read from the SQLite file the server writes. */
async function storedMessages(): Promise<number> {
  const client = createClient({ url: `file:${path.join(dataDir, 'site.db')}` });
  try {
    const result = await client.execute('select count(*) as n from contact_messages');
    return Number(result.rows[0]?.n);
  } finally {
    client.close();
  }
}

/** Sends a request and returns the answer with what the server printed meanwhile. */
async function send(target: Target, raw: string | Buffer): Promise<RawAnswer & { log: string }> {
  const before = server.output().length;
  const answer = await sendRaw(target.base, raw);
  // The server's log lines of this request arrive on its pipes just after the answer.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { ...answer, log: server.output().slice(before) };
}

const noStack = (log: string) => !/\n\s+at |⨯/.test(log);

type Build = (host: string, origin: string) => string | Buffer;
const plain =
  (method: string, target: string, headers?: Record<string, string>, body?: string): Build =>
  (h) =>
    rawRequest(method, target, h, headers, body);
/** A call of the contact form's action by fetch, with its real id and a same-site Origin. */
const actionCall =
  (body: string): Build =>
  (h, origin) =>
    rawRequest(
      'POST',
      '/fr',
      h,
      { 'Next-Action': actionId, 'Content-Type': 'text/plain;charset=UTF-8', Origin: origin },
      body,
    );
/** The no-JavaScript form post, with React's action fields as given. */
const formPost =
  (fields: [string, string][]): Build =>
  (h, origin) =>
    rawRequest(
      'POST',
      '/',
      h,
      { 'Content-Type': 'multipart/form-data; boundary=rawBoundary', Origin: origin },
      multipartBody([...fields, ['name', 'x'], ['email', 'x@example.com']]),
    );
const image = (url: string) =>
  plain('GET', `/_next/image?url=${encodeURIComponent(url)}&w=64&q=75`);

/** [what, request, status, Allow header answered by Node (nginx answers some itself)]. */
const cases: [string, Build, number, string?][] = [
  ['PUT on a home page', plain('PUT', '/fr'), 405, 'GET, HEAD, POST'],
  ['DELETE on a page', plain('DELETE', '/fr/mentions-legales'), 405, 'GET, HEAD'],
  ['PATCH on the not-found page', plain('PATCH', '/fr/introuvable-xyz'), 405, 'GET, HEAD'],
  ['PROPFIND on a page', plain('PROPFIND', '/en'), 405, 'GET, HEAD, POST'],
  ['MKCOL on an article list', plain('MKCOL', '/fr/actualites'), 405, 'GET, HEAD'],
  ['OPTIONS on a page', plain('OPTIONS', '/en/julien-aubry'), 405, 'GET, HEAD'],
  ['POST on a page without a form', plain('POST', '/fr/mentions-legales'), 405, 'GET, HEAD'],
  ['COPY on a public image', plain('COPY', '/images/logo.svg'), 405, 'GET, HEAD'],
  ['LOCK on a build file', (h) => rawRequest('LOCK', script, h), 405, 'GET, HEAD'],
  ['DELETE on the feed', plain('DELETE', '/fr/feed.xml'), 405],
  ['TRACE on a page', plain('TRACE', '/fr'), 405],
  ['TRACE on the API', plain('TRACE', '/api/contact'), 405],
  ['PUT on the contact API', plain('PUT', '/api/contact'), 405, 'POST'],
  ['an unknown method', plain('BREW', '/fr'), 400],
  [
    'a POST on a home page that is not a form',
    plain('POST', '/fr', { 'Content-Type': 'text/plain' }, 'x'),
    400,
  ],
  ['request target *', (h) => `GET * HTTP/1.1\r\nHost: ${h}\r\nConnection: close\r\n\r\n`, 400],
  [
    'two Host headers',
    (h) => `GET /fr HTTP/1.1\r\nHost: ${h}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    400,
  ],
  ['a malformed request line', () => 'GET /fr HTTP/1.1 extra\r\n\r\n', 400],
  ['a path that is not UTF-8', plain('GET', '/fr/%c0%af'), 400],
  ['a path with a bad escape', plain('GET', '/images/%zz'), 400],
  ['action called with []', actionCall('[]'), 400],
  ['action called with ["x","y"]', actionCall('["x","y"]'), 400],
  ['action called with [{},{"get":1}]', actionCall('[{},{"get":1}]'), 400],
  ['action called with an empty body', actionCall(''), 400],
  ['form post with an unbound action', formPost([[`$ACTION_ID_${'0'.repeat(42)}`, '']]), 400],
  [
    'form post with the wrong bound arguments',
    (h, origin) =>
      formPost([
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', JSON.stringify({ id: actionId, bound: '$@1' })],
        ['$ACTION_1:1', '[1,2,3]'],
      ])(h, origin),
    400,
  ],
  ['image of another host hidden in a path', image('/\\169.254.169.254/x'), 400],
  ['image of an API', image('/api/health'), 400],
  ['image of a page', image('/fr/'), 400],
  ['image through a dot segment', image('/images/../api/health'), 400],
];

describe.each(['the server', 'nginx'])('malformed requests through %s', (name) => {
  it.each(cases)('%s: %i, short body, no stack in the log', async (_what, build, status, allow) => {
    const target = targets().find((t) => t.name === name) as Target;
    const answer = await send(target, build(target.base.host, target.base.origin));
    expect(Number(answer.status), answer.head).toBe(status);
    expect(answer.body.length).toBeLessThan(400);
    expect(answer.log, answer.log).toSatisfy(noStack);
    // Node's own answers say what is allowed; nginx answers TRACE and `*` itself, without.
    if (allow && name === 'the server')
      expect(answer.head).toMatch(new RegExp(`\\r\\nallow: ${allow}\\r\\n`, 'i'));
  });
});

describe('what the site serves still works', () => {
  it('answers GET and HEAD on pages and CONNECT with 405 instead of a dropped connection', async () => {
    for (const target of targets()) {
      const h = target.base.host;
      expect((await send(target, rawRequest('GET', '/fr', h))).status).toBe('200');
      expect((await send(target, rawRequest('HEAD', '/en/', h))).status).toBe('200');
      expect((await send(target, rawRequest('OPTIONS', '/api/contact', h))).status).toBe('204');
      const image = await send(
        target,
        rawRequest('GET', '/_next/image?url=%2Fimages%2Fhero-architecture.jpg&w=640&q=75', h),
      );
      expect(image.status).toBe('200');
    }
    // Straight to Node only: nginx answers these itself.
    const connect = await send(
      targets()[0] as Target,
      `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`,
    );
    expect(connect.status).toBe('405');
    expect(connect.log).toSatisfy(noStack);
  });

  it('answers a request line without a version and a WebSocket upgrade straight to Node with 400', async () => {
    const direct = targets()[0] as Target;
    const h = direct.base.host;
    for (const raw of [
      `GET /fr\r\nHost: ${h}\r\n\r\n`,
      `GET /fr HTTP/2.0\r\nHost: ${h}\r\n\r\n`,
      rawRequest('GET', '/fr', h, {
        Upgrade: 'websocket',
        Connection: 'Upgrade',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Version': '13',
      }),
    ]) {
      const answer = await send(direct, raw);
      expect(answer.status, String(raw)).toBe('400');
      expect(answer.log).toSatisfy(noStack);
    }
  });

  it('stores nothing from the refused posts, and the real form post still reaches its action', async () => {
    expect(await storedMessages()).toBe(0);
    const target = targets()[1] as Target;
    const h = target.base.host;
    const page = await send(target, rawRequest('GET', '/fr', h));
    const fields = hiddenFields(content(page)).filter(
      ([n]) => n.startsWith('$ACTION') || ['locale', 'formToken', 'submissionId'].includes(n),
    );
    const body = multipartBody([
      ...fields,
      ['website', ''],
      ['name', 'Claire Martin'],
      ['email', 'claire.martin@example.com'],
      ['phone', '+33 1 99 00 12 34'],
      ['message', 'Bonjour, je souhaite un rendez-vous au sujet d’une rupture conventionnelle.'],
    ]);
    const answer = await send(
      target,
      rawRequest(
        'POST',
        '/fr',
        h,
        { 'Content-Type': 'multipart/form-data; boundary=rawBoundary', Origin: target.base.origin },
        body,
      ),
    );
    expect(answer.status).toBe('200');
    expect(answer.log).toSatisfy(noStack);
    expect(await storedMessages()).toBe(1);
  });
});
