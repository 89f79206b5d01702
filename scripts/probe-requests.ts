// Sends malformed and unusual HTTP requests to a running site, as raw bytes on a socket (a client
// such as fetch would tidy them), and prints each request's status as a table.
//   node --import tsx scripts/probe-requests.ts http://127.0.0.1:3000 [--json out.json]
//   node --import tsx scripts/probe-requests.ts https://127.0.0.1:8443   (certificate not checked)
// Every 5xx or dropped connection it finds is a fault: the site answers what it cannot use with
// a 4xx. tests/integration/malformed-requests.test.ts asserts the main ones.
import { writeFileSync } from 'node:fs';
import { multipartBody, rawRequest as request, sendRaw } from '../harness/raw-http';

const multipart = (fields: Record<string, string>) => multipartBody(Object.entries(fields));

interface Context {
  host: string;
  origin: string;
  actionId: string;
  article: string;
  script: string;
}

/** Every probe: [label, raw request]. `ctx` holds the host and values read from the site. */
export function probes(ctx: Context): [string, string | Buffer][] {
  const { host, origin, actionId, article } = ctx;
  const list: [string, string | Buffer][] = [];
  const add = (label: string, raw: string | Buffer) => list.push([label, raw]);
  const r = (
    method: string,
    target: string,
    headers?: Record<string, string>,
    body?: string | Buffer,
  ) => request(method, target, host, headers, body);

  // A POST carries a body of the given type; other methods none.
  const withBody = (method: string, path: string, type: string, body: string) =>
    method === 'POST' ? r(method, path, { 'Content-Type': type }, body) : r(method, path);

  const pages = [
    '/',
    '/fr',
    '/fr/',
    '/en',
    '/en/',
    '/fr/mentions-legales',
    '/en/julien-aubry',
    article,
    '/fr/introuvable-xyz',
    '/wp-login.php',
  ];
  const pageMethods = (
    'GET HEAD POST PUT DELETE PATCH OPTIONS PROPFIND PROPPATCH MKCOL COPY MOVE LOCK UNLOCK ' +
    'SEARCH PURGE REPORT TRACE CONNECT FOO QUERY'
  ).split(' ');
  for (const path of pages)
    for (const method of pageMethods)
      add(
        `${method} ${path}`,
        method === 'CONNECT'
          ? `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`
          : withBody(method, path, 'text/plain', 'x'),
      );

  const apis = [
    '/api/contact',
    '/api/revalidate',
    '/api/articles/report',
    '/api/health',
    '/api/article-image/x/y',
    '/api/contact/messages-retenus/not-a-token',
    '/api/nope',
  ];
  for (const path of apis)
    for (const method of 'GET HEAD POST PUT DELETE PATCH OPTIONS PROPFIND MKCOL TRACE FOO'.split(
      ' ',
    ))
      add(`${method} ${path}`, withBody(method, path, 'application/json', '{'));

  const files = [
    '/robots.txt',
    '/sitemap.xml',
    '/fr/feed.xml',
    '/en/feed.xml',
    '/fr/helene-sorel/vcard',
    '/images/logo.svg',
    '/icon.svg',
    '/_next/static/chunks/nope.js',
    ctx.script,
  ];
  for (const path of files)
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PROPFIND', 'TRACE'])
      add(`${method} ${path}`, r(method, path));

  // The request line and the request target.
  add('GET * HTTP/1.1', `GET * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add('OPTIONS * HTTP/1.1', `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add(
    'GET absolute-form',
    `GET http://${host}/fr HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
  add(
    'GET absolute-form other host',
    `GET http://evil.example/fr HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
  add('GET authority-form', `GET ${host} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add('GET fr (no slash)', `GET fr HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add(
    'two Host headers',
    `GET /fr HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
  );
  add(
    'two identical Host headers',
    `GET /fr HTTP/1.1\r\nHost: ${host}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
  add('no Host (HTTP/1.1)', `GET /fr HTTP/1.1\r\nConnection: close\r\n\r\n`);
  add('no Host (HTTP/1.0)', `GET /fr HTTP/1.0\r\n\r\n`);
  add('empty Host', `GET /fr HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n`);
  add('Host with path', `GET /fr HTTP/1.1\r\nHost: a/b\r\nConnection: close\r\n\r\n`);
  add('HTTP/9.9', `GET /fr HTTP/9.9\r\nHost: ${host}\r\n\r\n`);
  add('HTTP/2.0 on 1.1', `GET /fr HTTP/2.0\r\nHost: ${host}\r\n\r\n`);
  add('no version', `GET /fr\r\nHost: ${host}\r\n\r\n`);
  add('garbage line', `GARBAGE\r\n\r\n`);
  add('double space', `GET  /fr HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add('lowercase method', `get /fr HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add('LF only', `GET /fr HTTP/1.1\nHost: ${host}\nConnection: close\n\n`);
  add('PRI (h2 preface)', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
  add('binary line', Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 1, 2, 3, 4, 5, 13, 10, 13, 10]));
  add('space in target', `GET /fr /x HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add(
    'target with control char',
    `GET /fr\x01 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
  add('target with raw UTF-8', `GET /fr/é HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  add('target 16 KB', r('GET', `/fr/${'a'.repeat(16_000)}`));
  add('target 100 KB', r('GET', `/fr/${'a'.repeat(100_000)}`));

  // Headers.
  add('header 20 KB', r('GET', '/fr', { 'X-Big': 'a'.repeat(20_000) }));
  add('header 100 KB', r('GET', '/fr', { 'X-Big': 'a'.repeat(100_000) }));
  add(
    '500 headers',
    r('GET', '/fr', Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`X-H${i}`, 'v']))),
  );
  add('space before colon', `GET /fr HTTP/1.1\r\nHost : ${host}\r\nConnection: close\r\n\r\n`);
  add('obs-fold', `GET /fr HTTP/1.1\r\nHost: ${host}\r\nX-A: a\r\n b\r\nConnection: close\r\n\r\n`);
  add(
    'NUL in header',
    `GET /fr HTTP/1.1\r\nHost: ${host}\r\nX-A: a\0b\r\nConnection: close\r\n\r\n`,
  );
  add('header no colon', `GET /fr HTTP/1.1\r\nHost: ${host}\r\nX-A\r\nConnection: close\r\n\r\n`);
  add('Content-Length abc', r('POST', '/api/contact', { 'Content-Length': 'abc' }, 'x'));
  add('Content-Length -1', r('POST', '/api/contact', { 'Content-Length': '-1' }, 'x'));
  add(
    'two Content-Lengths',
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nxx`,
  );
  add(
    'CL and TE chunked',
    r(
      'POST',
      '/api/contact',
      { 'Content-Length': '3', 'Transfer-Encoding': 'chunked' },
      '0\r\n\r\n',
    ),
  );
  add('TE gzip', r('POST', '/api/contact', { 'Transfer-Encoding': 'gzip' }, 'x'));
  add(
    'TE chunked, identity',
    r('POST', '/api/contact', { 'Transfer-Encoding': 'chunked, identity' }, '1\r\nx\r\n0\r\n\r\n'),
  );
  add(
    'TE bad chunk size',
    r(
      'POST',
      '/api/contact',
      { 'Transfer-Encoding': 'chunked', 'Content-Type': 'application/json' },
      'zz\r\nx\r\n0\r\n\r\n',
    ),
  );
  add(
    'TE chunked on GET page',
    r('GET', '/fr', { 'Transfer-Encoding': 'chunked' }, '1\r\nx\r\n0\r\n\r\n'),
  );
  add(
    'Expect: 100-continue',
    r(
      'POST',
      '/api/contact',
      { Expect: '100-continue', 'Content-Type': 'application/json', Origin: origin },
      '{}',
    ),
  );
  add('Expect: bogus', r('GET', '/fr', { Expect: 'bogus' }));
  add(
    'Upgrade: websocket',
    r('GET', '/fr', {
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version': '13',
    }),
  );
  add(
    'Upgrade: h2c',
    r('GET', '/fr', { Upgrade: 'h2c', 'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA' }),
  );
  add('Accept-Language garbage', r('GET', '/fr', { 'Accept-Language': ';;;q=abc,**' }));
  add('Accept-Encoding garbage', r('GET', '/fr', { 'Accept-Encoding': 'x;q=2,,,' }));
  add('If-None-Match garbage', r('GET', '/robots.txt', { 'If-None-Match': '"\x7f' }));
  add('Range bogus on file', r('GET', '/images/logo.svg', { Range: 'bytes=999999-1' }));
  add(
    'Range many',
    r('GET', '/images/logo.svg', {
      Range: `bytes=${Array.from({ length: 200 }, (_, i) => `${i}-${i}`).join(',')}`,
    }),
  );
  add('Cookie 8 KB', r('GET', '/fr', { Cookie: `a=${'b'.repeat(8000)}` }));
  add('X-Forwarded-Host evil', r('GET', '/fr', { 'X-Forwarded-Host': 'evil.example' }));
  add('X-Forwarded-Proto garbage', r('GET', '/fr', { 'X-Forwarded-Proto': 'gopher' }));
  add(
    'X-Forwarded-For garbage',
    r(
      'POST',
      '/api/contact',
      { 'X-Forwarded-For': 'not, an, address', 'Content-Type': 'application/json', Origin: origin },
      '{}',
    ),
  );
  add(
    'x-middleware-subrequest',
    r('GET', '/fr', { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' }),
  );
  add(
    'x-invoke-path',
    r('GET', '/fr', { 'x-invoke-path': '/api/health', 'x-invoke-query': '%zz' }),
  );
  add('x-now-route-matches', r('GET', '/fr', { 'x-now-route-matches': '%zz' }));

  // Encodings in paths and queries.
  for (const path of [
    '/%00',
    '/fr%00',
    '/fr/%00',
    '/%zz',
    '/fr/%zz',
    '/fr/%c0%af',
    '/fr/%ff',
    '/fr/%e9',
    '/fr/%C3',
    '/fr/..%2f..%2fetc%2fpasswd',
    '/fr/%2e%2e/',
    '/fr/../../etc/passwd',
    '//fr',
    '/fr//blog',
    '/%2F%2Fevil.example',
    '/\\evil.example',
    '/fr/blog/%00',
    '/fr/blog/%zz',
    '/fr?%zz',
    '/fr?a=%zz&b=%00',
    '/fr?__nextDataReq=1',
    '/fr?_rsc=%zz',
    '/fr?__nextLocale=xx',
    '/fr?nxtPslug=%zz',
    '/_next/data/x/fr.json',
    '/_next/%zz',
    '/_next/static/%zz',
    '/_next/static/../../package.json',
    '/_next/static/chunks/%2e%2e%2f%2e%2e%2fpackage.json',
    '/images/%zz',
    '/images/..%2f..%2fpackage.json',
    '/api/%zz',
    '/api/health%00',
    '/api/article-image/%zz/%zz',
    '/api/article-image/x/y.%zz',
    '/api/contact/messages-retenus/%zz',
    '/fr/%zz/vcard',
    '/fr/feed.xml%00',
    '/robots.txt%00',
    '/index.php?%zz',
  ])
    add(`GET ${path}`, r('GET', path));

  // Next.js's router headers.
  const rsc = (headers: Record<string, string>) => r('GET', '/fr', { RSC: '1', ...headers });
  add('RSC: 1', rsc({}));
  add('RSC: 2', r('GET', '/fr', { RSC: '2' }));
  add('RSC state tree garbage', rsc({ 'Next-Router-State-Tree': 'garbage' }));
  add('RSC state tree %zz', rsc({ 'Next-Router-State-Tree': '%zz' }));
  add(
    'RSC state tree JSON object',
    rsc({ 'Next-Router-State-Tree': encodeURIComponent('{"a":1}') }),
  );
  add(
    'RSC state tree deep',
    rsc({ 'Next-Router-State-Tree': encodeURIComponent('['.repeat(5000)) }),
  );
  add(
    'RSC state tree wrong types',
    rsc({ 'Next-Router-State-Tree': encodeURIComponent('[1,2,3,4,5]') }),
  );
  add(
    'RSC state tree array of null',
    rsc({ 'Next-Router-State-Tree': encodeURIComponent('[null,null]') }),
  );
  add('RSC prefetch', rsc({ 'Next-Router-Prefetch': '1' }));
  add(
    'RSC segment prefetch garbage',
    rsc({ 'Next-Router-Prefetch': '1', 'Next-Router-Segment-Prefetch': '/garbage/%zz' }),
  );
  add(
    'RSC segment prefetch tree',
    rsc({ 'Next-Router-Prefetch': '1', 'Next-Router-Segment-Prefetch': '/_tree' }),
  );
  add('RSC Next-Url garbage', rsc({ 'Next-Url': '%zz' }));
  add('RSC Next-Test-Fetch-Priority', rsc({ 'Next-Test-Fetch-Priority': 'x' }));
  add('Next-HMR-Refresh', rsc({ 'Next-HMR-Refresh': '1' }));
  add('RSC on 404', r('GET', '/fr/nope', { RSC: '1', 'Next-Router-State-Tree': 'x' }));
  add('RSC on api', r('GET', '/api/health', { RSC: '1' }));
  add('x-nextjs-data', r('GET', '/fr', { 'x-nextjs-data': '1' }));

  // Server Actions.
  const action = (path: string, headers: Record<string, string>, body: string) =>
    r('POST', path, { Origin: origin, ...headers }, body);
  for (const body of [
    '[]',
    '["x","y"]',
    '[{},{"get":1}]',
    '',
    '{}',
    'null',
    '[null,null]',
    '"x"',
    '[',
    '[1,2,3,4,5,6,7,8]',
  ])
    for (const type of ['text/plain;charset=UTF-8', 'application/json'])
      add(
        `action ${type.split(';')[0]} ${body || '(empty)'}`,
        action('/fr', { 'Next-Action': actionId, 'Content-Type': type }, body),
      );
  add(
    'action multipart wrong shape',
    action(
      '/fr',
      { 'Next-Action': actionId, 'Content-Type': 'multipart/form-data; boundary=probeBoundary' },
      multipart({ 0: '["$K1"]', '1_name': 'x' }),
    ),
  );
  add(
    'action multipart no boundary',
    action('/fr', { 'Next-Action': actionId, 'Content-Type': 'multipart/form-data' }, 'x'),
  );
  add(
    'action multipart broken',
    action(
      '/fr',
      { 'Next-Action': actionId, 'Content-Type': 'multipart/form-data; boundary=b' },
      '--b\r\nbroken',
    ),
  );
  add(
    'action urlencoded',
    action(
      '/fr',
      { 'Next-Action': actionId, 'Content-Type': 'application/x-www-form-urlencoded' },
      'a=b',
    ),
  );
  add(
    'action unknown id',
    action('/fr', { 'Next-Action': 'ff'.repeat(21), 'Content-Type': 'text/plain' }, '[]'),
  );
  add(
    'action id garbage',
    action('/fr', { 'Next-Action': '%zz<>', 'Content-Type': 'text/plain' }, '[]'),
  );
  add(
    'action on /en/',
    action('/en/', { 'Next-Action': actionId, 'Content-Type': 'text/plain' }, '[]'),
  );
  add(
    'action on legal page',
    action('/fr/mentions-legales', { 'Next-Action': actionId, 'Content-Type': 'text/plain' }, '[]'),
  );
  add(
    'action no Origin',
    r('POST', '/fr', { 'Next-Action': actionId, 'Content-Type': 'text/plain' }, '[]'),
  );
  add(
    'action foreign Origin',
    r(
      'POST',
      '/fr',
      { 'Next-Action': actionId, 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      '[]',
    ),
  );
  add(
    'action with RSC tree garbage',
    action(
      '/fr',
      { 'Next-Action': actionId, 'Content-Type': 'text/plain', 'Next-Router-State-Tree': 'x' },
      '[]',
    ),
  );
  add(
    'form post no action field',
    action(
      '/fr',
      { 'Content-Type': 'multipart/form-data; boundary=probeBoundary' },
      multipart({ name: 'x' }),
    ),
  );
  add(
    'form post $ACTION_ID only',
    action(
      '/fr',
      { 'Content-Type': 'multipart/form-data; boundary=probeBoundary' },
      multipart({ [`$ACTION_ID_${actionId}`]: '', name: 'x' }),
    ),
  );
  add(
    'form post $ACTION_REF bad bound',
    action(
      '/fr',
      { 'Content-Type': 'multipart/form-data; boundary=probeBoundary' },
      multipart({
        $ACTION_REF_1: '',
        '$ACTION_1:0': JSON.stringify({ id: actionId, bound: '$@1' }),
        '$ACTION_1:1': '[1,2,3]',
        name: 'x',
      }),
    ),
  );
  add(
    'form post $ACTION_REF bad JSON',
    action(
      '/fr',
      { 'Content-Type': 'multipart/form-data; boundary=probeBoundary' },
      multipart({ $ACTION_REF_1: '', '$ACTION_1:0': '{', name: 'x' }),
    ),
  );
  add(
    'form post unknown id',
    action(
      '/fr',
      { 'Content-Type': 'multipart/form-data; boundary=probeBoundary' },
      multipart({ [`$ACTION_ID_${'ab'.repeat(21)}`]: '' }),
    ),
  );
  add(
    'form post urlencoded',
    action(
      '/fr',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      `$ACTION_ID_${actionId}=&name=x`,
    ),
  );
  add(
    'form post broken multipart',
    action(
      '/fr',
      { 'Content-Type': 'multipart/form-data; boundary=b' },
      '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated',
    ),
  );
  add(
    'form post empty body',
    action('/fr', { 'Content-Type': 'multipart/form-data; boundary=b', 'Content-Length': '0' }, ''),
  );

  // Request bodies on the API.
  const post = (path: string, headers: Record<string, string>, body: string | Buffer) =>
    r('POST', path, { Origin: origin, ...headers }, body);
  add(
    'contact invalid JSON',
    post('/api/contact', { 'Content-Type': 'application/json' }, '{"name":'),
  );
  add('contact JSON array', post('/api/contact', { 'Content-Type': 'application/json' }, '[]'));
  add(
    'contact JSON wrong types',
    post(
      '/api/contact',
      { 'Content-Type': 'application/json' },
      '{"name":1,"email":[],"phone":{},"message":null}',
    ),
  );
  add(
    'contact bad UTF-8',
    post(
      '/api/contact',
      { 'Content-Type': 'application/json' },
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    ),
  );
  add('contact text/plain', post('/api/contact', { 'Content-Type': 'text/plain' }, '{}'));
  add('contact no content-type', post('/api/contact', {}, '{}'));
  add(
    'contact 100 KB',
    post(
      '/api/contact',
      { 'Content-Type': 'application/json' },
      `{"message":"${'a'.repeat(100_000)}"}`,
    ),
  );
  add(
    'contact chunked 100 KB',
    post(
      '/api/contact',
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      `${(100_000).toString(16)}\r\n${'a'.repeat(100_000)}\r\n0\r\n\r\n`,
    ),
  );
  add(
    'contact truncated body',
    `POST /api/contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"a"`,
  );
  add(
    'contact deep JSON',
    post(
      '/api/contact',
      { 'Content-Type': 'application/json' },
      `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    ),
  );
  add(
    'contact __proto__',
    post(
      '/api/contact',
      { 'Content-Type': 'application/json' },
      '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
    ),
  );
  add('revalidate no auth', post('/api/revalidate', { 'Content-Type': 'application/json' }, '{'));
  add('revalidate bad auth', post('/api/revalidate', { Authorization: 'Bearer %zz\x7f' }, ''));
  add(
    'revalidate Basic',
    post('/api/revalidate', { Authorization: 'Basic ' + 'a'.repeat(5000) }, ''),
  );
  add('report no auth', r('GET', '/api/articles/report'));
  add('report bad auth', r('GET', '/api/articles/report', { Authorization: 'Bearer \x7f' }));
  add('report ?token garbage', r('GET', '/api/articles/report?token=%zz'));
  add('held message token long', r('GET', `/api/contact/messages-retenus/${'a'.repeat(5000)}`));
  add(
    'held message POST garbage',
    post('/api/contact/messages-retenus/x', { 'Content-Type': 'application/json' }, '{'),
  );
  add('vcard unknown partner', r('GET', '/fr/nobody/vcard'));
  add('feed with query', r('GET', '/fr/feed.xml?x=%zz'));
  add('article image unknown', r('GET', '/api/article-image/nope/abc'));
  add('article image traversal', r('GET', '/api/article-image/..%2f..%2f/abc'));
  add('article image preview garbage', r('GET', '/api/article-image/nope/abc.%zz'));

  // The image optimiser.
  const image = (query: string) =>
    r('GET', `/_next/image?${query}`, { Accept: 'image/avif,image/webp,*/*' });
  for (const query of [
    'url=%2F%5C169.254.169.254%2Fx&w=64&q=75',
    'url=%2F%5C169.254.169.254%2Fimages%2Flogo.svg&w=64&q=75',
    'url=%5C%5Cevil.example%2Fx&w=64&q=75',
    'url=%2Fapi%2Fhealth&w=64&q=75',
    'url=%2Ffr%2F&w=64&q=75',
    'url=%2Ffr&w=64&q=75',
    'url=%2F%2Fevil.example%2Fx.jpg&w=64&q=75',
    'url=%2Fimages%2F..%2Fapi%2Fhealth&w=64&q=75',
    'url=%2Fimages%2F%2E%2E%2Fapi%2Fhealth&w=64&q=75',
    'url=%2Fimages%2F%252e%252e%2Fapi%2Fhealth&w=64&q=75',
    'url=%2Fimages%2F%5C..%5Capi%2Fhealth&w=64&q=75',
    'url=%2Fimages%2Fnope.jpg&w=64&q=75',
    'url=%2Fimages%2FREADME.md&w=64&q=75',
    'url=%2Fimages%2Fhero-architecture.jpg&w=640&q=75',
    'url=%2Fimages%2Fhero-architecture.jpg%3Fx%3D1&w=640&q=75',
    'url=%2Fimages%2Flogo.svg&w=64&q=75',
    'url=%2F_next%2Fimage%3Furl%3D%252Fimages%252Flogo.svg&w=64&q=75',
    'url=%2F_next%2Fstatic%2Fnope.png&w=64&q=75',
    'url=%2Fapi%2Farticle-image%2Fnope%2Fabc&w=640&q=75',
    'url=%2Fapi%2Farticle-image%2F..%2F..%2Fhealth&w=640&q=75',
    'url=%2Fapi%2Fcontact&w=64&q=75',
    'url=%2Fapi%2Frevalidate&w=64&q=75',
    'url=https%3A%2F%2Fevil.example%2Fx.jpg&w=64&q=75',
    'url=http%3A%2F%2F127.0.0.1%2Fx&w=64&q=75',
    'url=file%3A%2F%2F%2Fetc%2Fpasswd&w=64&q=75',
    'url=data%3Aimage%2Fpng%3Bbase64%2CAAAA&w=64&q=75',
    'url=%00&w=64&q=75',
    'url=%zz&w=64&q=75',
    'url=&w=64&q=75',
    'w=64&q=75',
    'url=%2Fimages%2Flogo.svg&w=abc&q=75',
    'url=%2Fimages%2Flogo.svg&w=99999&q=75',
    'url=%2Fimages%2Flogo.svg&w=64&q=0',
    'url=%2Fimages%2Flogo.svg&w=64&q=75&url=%2Fapi%2Fhealth',
    'url=%2Fimages%2Flogo.svg&url=%2Fimages%2Flogo.svg&w=64&q=75',
    `url=%2F${'a'.repeat(5000)}&w=64&q=75`,
  ])
    add(`image ${query.slice(0, 80)}`, image(query));
  add('image POST', r('POST', '/_next/image?url=%2Fimages%2Flogo.svg&w=64&q=75'));
  add('image TRACE', r('TRACE', '/_next/image?url=%2Fimages%2Flogo.svg&w=64&q=75'));
  return list;
}

/** Reads the values the probes need from the site itself: an action id, an article, a script. */
export async function siteContext(base: URL): Promise<Context> {
  const home = await sendRaw(base, request('GET', '/fr', base.host));
  const actionId =
    /name="\$ACTION_1:0" value="\{&quot;id&quot;:&quot;([0-9a-f]+)/.exec(home.body)?.[1] ??
    /\$ACTION_ID_([0-9a-f]+)/.exec(home.body)?.[1];
  const script =
    /src="(\/_next\/static\/[^"]+\.js)"/.exec(home.body)?.[1] ?? '/_next/static/chunks/none.js';
  const list = await sendRaw(base, request('GET', '/fr/actualites', base.host));
  const article = /href="(\/fr\/blog\/[^"?#]+)"/.exec(list.body)?.[1] ?? '/fr/blog/none';
  if (!actionId) throw new Error('no Server Action id on /fr');
  return { host: base.host, origin: base.origin, actionId, article, script };
}

async function main() {
  const base = new URL(process.argv[2] ?? 'http://127.0.0.1:3000');
  const jsonIndex = process.argv.indexOf('--json');
  const jsonFile = jsonIndex === -1 ? undefined : process.argv[jsonIndex + 1];
  const ctx = await siteContext(base);
  const results: { label: string; status: string }[] = [];
  for (const [label, raw] of probes(ctx)) {
    const { status } = await sendRaw(base, raw);
    results.push({ label, status });
    console.log(`${status.padEnd(8)} ${label}`);
  }
  const counts: Record<string, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  console.log(`${results.length} requests:`, JSON.stringify(counts));
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 1));
}

void main();
