import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PayloadTrim } from './payload-trim';
import { SiteResponse } from './site-response';

// A document as Next.js 16 writes one: the inlined sheet in the head, JSON-LD blocks in the body,
// and the RSC payload in scripts whose JSON escapes what could end a script.
const SHEET = '@property --tw-shadow-alpha{syntax:"<percentage>";inherits:false}.a>b{color:red}';
const LONG_JSON_LD = JSON.stringify({ name: 'Hélène Sorel — avocate', text: 'x'.repeat(200) });
const SHORT_JSON_LD = JSON.stringify({ '@type': 'BreadcrumbList', name: 'Mentions légales' });
const PRINT_SCRIPT = `(function(){var p=document.getElementById('print-source');if(p&&p.dataset.site)p.textContent="<"+location.href+">"})()`;
const escapeScript = (json: string) =>
  json.replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const payloadScript = (rows: string) =>
  `<script nonce="n0nce">self.__next_f.push(${escapeScript(JSON.stringify([1, rows]))})</script>`;
const textRow = (id: string, text: string) =>
  `${id}:T${Buffer.byteLength(text).toString(16)},${text}`;
const ROWS_BEFORE = `1:"$Sreact.fragment"\n${textRow('7', SHEET)}${textRow('45', LONG_JSON_LD)}`;
const ROWS_AFTER = `a:["$","div",null,{"children":[["$","script",null,{"type":"application/ld+json","dangerouslySetInnerHTML":{"__html":"$45"}}],["$","script",null,{"type":"application/ld+json","dangerouslySetInnerHTML":{"__html":${JSON.stringify(SHORT_JSON_LD)}}}],["$","p",null,{"children":"Contact : a < b"}],["$","script",null,{"nonce":"n0nce","dangerouslySetInnerHTML":{"__html":${JSON.stringify(PRINT_SCRIPT)}}}]]}]\n`;
const DOCUMENT =
  `<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>` +
  `<style data-precedence="next" data-href="/_next/static/chunks/x.css">${SHEET}</style>` +
  `<script src="/_next/static/chunks/a.js" async="" nonce="n0nce"></script></head><body><div>` +
  `<script type="application/ld+json">${LONG_JSON_LD}</script>` +
  `<script type="application/ld+json">${SHORT_JSON_LD}</script><p>Contact : a &lt; b</p>` +
  `<script nonce="n0nce">${PRINT_SCRIPT}</script></div>` +
  `<script nonce="n0nce">(self.__next_f=self.__next_f||[]).push([0])</script>` +
  `${payloadScript(ROWS_BEFORE)}${payloadScript(ROWS_AFTER)}</body></html>`;

/** The payload's rows, read back as the browser reads them. */
function rowsOf(document: string): string {
  return [...document.matchAll(/self\.__next_f\.push\((.*?)\)<\/script>/g)]
    .map((match) => (JSON.parse(match[1] ?? '') as [number, string])[1])
    .join('');
}

function trim(...chunks: string[]): string {
  const trimmer = new PayloadTrim();
  return chunks.map((chunk) => trimmer.push(Buffer.from(chunk))).join('') + trimmer.end();
}

describe('PayloadTrim: what a page carries is not repeated in its payload', () => {
  it('empties the copies of the sheet and of the inline scripts (JSON-LD, ours), and nothing else', () => {
    const out = trim(DOCUMENT);
    expect(rowsOf(out)).toBe(
      `1:"$Sreact.fragment"\n7:T0,45:T0,` +
        ROWS_AFTER.replace(JSON.stringify(SHORT_JSON_LD), '""').replace(
          JSON.stringify(PRINT_SCRIPT),
          '""',
        ),
    );
    // The HTML itself is untouched: the payload scripts are all that changed.
    const html = (document: string) =>
      document.replace(/self\.__next_f\.push\(.*?\)<\/script>/g, '');
    expect(html(out)).toBe(html(DOCUMENT));
    expect(out.length).toBeLessThan(DOCUMENT.length - SHEET.length - LONG_JSON_LD.length);
    // Still nothing in a payload script that could end it.
    for (const [, json] of out.matchAll(/self\.__next_f\.push\((.*?)\)<\/script>/g))
      expect(json).not.toMatch(/[<>&]/);
  });

  it('gives the same document wherever the chunks are cut, even inside a character', () => {
    const whole = trim(DOCUMENT);
    const bytes = Buffer.from(DOCUMENT);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const trimmer = new PayloadTrim();
      const out =
        trimmer.push(bytes.subarray(0, cut)) + trimmer.push(bytes.subarray(cut)) + trimmer.end();
      if (out !== whole) expect.fail(`cut at byte ${cut} gave another document`);
    }
  });

  it('leaves a copy it does not find whole: a row split between two scripts, another text', () => {
    const split = ROWS_BEFORE.indexOf(SHEET) + 10;
    const document = DOCUMENT.replace(
      payloadScript(ROWS_BEFORE),
      payloadScript(ROWS_BEFORE.slice(0, split)) + payloadScript(ROWS_BEFORE.slice(split)),
    );
    const rows = rowsOf(trim(document));
    expect(rows).toContain(textRow('7', SHEET));
    expect(rows).toContain(`${SHEET}45:T0,a:`);
    const otherSheet = DOCUMENT.replace(`>${SHEET}</style>`, `>${SHEET} </style>`);
    expect(rowsOf(trim(otherSheet))).toContain(textRow('7', SHEET));
  });

  it('passes a document without a payload, cut short or unreadable, as it came', () => {
    const plain = '<!DOCTYPE html><html><head><style>p{}</style></head><body><p>Erreur</p>';
    expect(trim(plain)).toBe(plain);
    const cut = DOCUMENT.slice(0, DOCUMENT.indexOf(payloadScript(ROWS_BEFORE)) + 100);
    expect(trim(cut)).toBe(cut);
    // An escape JSON does not know: that script goes as it came.
    const broken = payloadScript(ROWS_BEFORE).replace('push([1,"1:', 'push([1,"1:\\x');
    expect(trim(DOCUMENT.replace(payloadScript(ROWS_BEFORE), broken))).toContain(broken);
  });
});

describe('SiteResponse: the pages it trims', () => {
  async function serve(
    answer: (response: http.ServerResponse) => void,
    method = 'GET',
  ): Promise<{ body: Buffer; headers: http.IncomingHttpHeaders }> {
    const server = http.createServer({ ServerResponse: SiteResponse }, (_request, response) =>
      answer(response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      return await new Promise((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        http
          .request({ port, host: '127.0.0.1', method }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ body: Buffer.concat(chunks), headers: response.headers }),
            );
          })
          .on('error', reject)
          .end();
      });
    } finally {
      server.close();
    }
  }

  it('trims a streamed page, and a whole one sent with its Content-Length', async () => {
    const bytes = Buffer.from(DOCUMENT);
    const streamed = await serve((response) => {
      response.setHeader('Content-Type', 'text/html; charset=utf-8');
      response.flushHeaders();
      response.write(bytes.subarray(0, 500));
      response.write(bytes.subarray(500));
      response.end();
    });
    expect(streamed.body.toString()).toBe(trim(DOCUMENT));
    const whole = await serve((response) => {
      response.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(bytes.length),
      });
      response.end(bytes);
    });
    expect(whole.body.toString()).toBe(trim(DOCUMENT));
    expect(whole.headers['content-length']).toBeUndefined();
    const set = await serve((response) => {
      response.setHeader('Content-Type', 'text/html');
      response.setHeader('Content-Length', bytes.length);
      response.end(DOCUMENT);
    });
    expect(set.body.toString()).toBe(trim(DOCUMENT));
    expect(set.headers['content-length']).toBeUndefined();
  });

  it('sends anything else as it came: a compressed page, another type, a HEAD', async () => {
    const gzipped = gzipSync(DOCUMENT);
    const compressed = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      response.end(gzipped);
    });
    expect(compressed.body.equals(gzipped)).toBe(true);
    const component = await serve((response) => {
      response.setHeader('Content-Type', 'text/x-component');
      response.end(DOCUMENT);
    });
    expect(component.body.toString()).toBe(DOCUMENT);
    const head = await serve((response) => {
      response.setHeader('Content-Type', 'text/html');
      response.setHeader('Content-Length', DOCUMENT.length);
      response.end();
    }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(DOCUMENT.length));
  });
});
