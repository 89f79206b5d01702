import net from 'node:net';
import tls from 'node:tls';

export interface RawAnswer {
  /** The status code, or 'closed' / 'timeout' when no status line came back. */
  status: string;
  head: string;
  body: string;
}

/**
 * Sends one request as raw bytes on a socket (fetch and undici tidy a request before sending it)
 * and reads back the first answer. `https:` bases use TLS without checking the certificate.
 */
export function sendRaw(base: URL, raw: string | Buffer, timeoutMs = 8_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const port = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
    const socket =
      base.protocol === 'https:'
        ? tls.connect({
            port,
            host: base.hostname,
            rejectUnauthorized: false,
            ALPNProtocols: ['http/1.1'],
          })
        : net.connect(port, base.hostname);
    let data = '';
    const done = (fallback: string) => {
      clearTimeout(timer);
      socket.destroy();
      const split = data.indexOf('\r\n\r\n');
      resolve({
        status: /^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? fallback,
        head: split === -1 ? data : data.slice(0, split),
        body: split === -1 ? '' : data.slice(split + 4),
      });
    };
    const timer = setTimeout(() => done('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      // One answer is enough: stop once its head and announced body are in.
      const split = data.indexOf('\r\n\r\n');
      if (split === -1) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(data.slice(0, split))?.[1];
      const head = String(raw).startsWith('HEAD ');
      if (head || (length !== undefined && data.length - split - 4 >= Number(length)))
        done('closed');
    });
    socket.on('error', () => done('closed'));
    socket.on('end', () => done('closed'));
    socket.on(base.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(raw));
  });
}

/**
 * A request with `Host`, the given headers, `Content-Length` for a body (UTF-8 for a string),
 * `Connection: close`.
 */
export function rawRequest(
  method: string,
  target: string,
  host: string,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const framed = Object.keys(headers).some((name) =>
    /^(content-length|transfer-encoding)$/i.test(name),
  );
  const bytes = Buffer.from(body);
  if (bytes.length > 0 && !framed) lines.push(`Content-Length: ${bytes.length}`);
  lines.push('Connection: close');
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes]);
}

/** A multipart/form-data body with the given text fields. */
export function multipartBody(fields: [string, string][], boundary = 'rawBoundary'): string {
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n`;
}

/**
 * The answer's body as a client reads it: without the chunked framing, whose size lines fall
 * wherever the sender's buffers end, even inside a tag.
 */
export function content(answer: RawAnswer): string {
  if (!/\r\ntransfer-encoding: *chunked/i.test(answer.head)) return answer.body;
  let out = '';
  for (let at = 0; ;) {
    const end = answer.body.indexOf('\r\n', at);
    const size = end === -1 ? 0 : parseInt(answer.body.slice(at, end), 16);
    if (!size) return out;
    out += answer.body.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

/**
 * The hidden fields of the page's contact form (React's action fields included), decoded: of the
 * form holding a `submissionId`, as a browser posts only its own form's fields (the page has
 * others, such as the legal watch's in the footer).
 */
export function hiddenFields(html: string): [string, string][] {
  const form =
    [...html.matchAll(/<form[\s\S]*?<\/form>/g)].find(([markup]) =>
      markup.includes('name="submissionId"'),
    )?.[0] ?? html;
  const fields: [string, string][] = [];
  for (const [input] of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    if (name === undefined) continue;
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    fields.push([name, decodeEntities(value)]);
  }
  return fields;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
