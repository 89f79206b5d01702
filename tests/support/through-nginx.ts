import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import type { RunningNginx } from '../../scripts/nginx.mjs';

export interface NginxAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as the browser reads it (decompressed). */
  body: string;
  /** The same, as bytes. */
  bytes: Buffer;
  /** How many bytes the body took on the wire (compressed, when it was). */
  sent: number;
  /** Every header and the raw bytes, to look for a text anywhere in what was sent. */
  raw: string;
}

/**
 * One request to nginx over TLS, trusting the run's certificate, on a connection of its own
 * (from `localAddress`, a loopback address standing for one visitor, when given). With
 * `timeoutMs`, fails when the answer has not come by then.
 */
export function throughNginx(
  nginx: RunningNginx,
  pathname: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
    timeoutMs,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
    timeoutMs?: number;
  } = {},
): Promise<NginxAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      `${nginx.httpsUrl}${pathname}`,
      { method, headers, ca: readFileSync(nginx.certFile), localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decoded =
            encoding === 'gzip'
              ? zlib.gunzipSync(bytes)
              : encoding === 'br'
                ? zlib.brotliDecompressSync(bytes)
                : bytes;
          const text = decoded.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            bytes: decoded,
            sent: bytes.length,
            raw: `${JSON.stringify(res.headers)}\n${bytes.toString('latin1')}\n${text}`,
          });
        });
        res.on('error', reject);
      },
    );
    if (timeoutMs !== undefined)
      req.setTimeout(timeoutMs, () =>
        req.destroy(new Error(`${method} ${pathname}: no answer in ${timeoutMs} ms`)),
      );
    req.on('error', reject);
    req.end(body);
  });
}
