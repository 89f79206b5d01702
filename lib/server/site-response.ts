import http from 'node:http';
import { PayloadTrim } from './payload-trim';

/**
 * Only the Pages Router's client reads it, and this site has none (the App Router's
 * `x-nextjs-rewritten-path` stays).
 */
export const INTERNAL_RESPONSE_HEADERS = ['x-middleware-rewrite'];

type Callback = (error?: Error | null) => void;

/**
 * What the server changes in Next.js's answers, which no setting of Next.js does:
 * - `x-middleware-rewrite`, written after proxy.ts has returned, is removed in `writeHead`
 *   (which Node.js also calls for an implicit head);
 * - a page's RSC payload goes without the copies of texts the page already carries
 *   (./payload-trim.ts), when the page leaves uncompressed (the server entry asks Next.js for
 *   pages uncompressed, as nginx does). Its length changes, so it goes without Content-Length.
 */
export class SiteResponse<
  Request extends http.IncomingMessage = http.IncomingMessage,
> extends http.ServerResponse<Request> {
  #trim: PayloadTrim | undefined;
  #decided = false;

  override writeHead(...args: unknown[]): this {
    const headers = args.find((arg) => arg !== null && typeof arg === 'object');
    const record =
      headers && !Array.isArray(headers) ? (headers as Record<string, unknown>) : undefined;
    this.#remove(INTERNAL_RESPONSE_HEADERS, record);
    this.#decide(record);
    return Reflect.apply(super.writeHead, this, args) as this;
  }

  override write(chunk: unknown, ...rest: unknown[]): boolean {
    this.#decide();
    if (!this.#trim) return Reflect.apply(super.write, this, [chunk, ...rest]) as boolean;
    const callback = rest.find((arg) => typeof arg === 'function') as Callback | undefined;
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    return super.write(this.#trim.push(bytes(chunk, encoding)), callback);
  }

  override end(...args: unknown[]): this {
    this.#decide();
    if (!this.#trim) return Reflect.apply(super.end, this, args) as this;
    const callback = args.find((arg) => typeof arg === 'function') as Callback | undefined;
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const encoding = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined;
    const last =
      chunk === undefined || chunk === null ? '' : this.#trim.push(bytes(chunk, encoding));
    return super.end(last + this.#trim.end(), callback);
  }

  /** Once, before the head leaves: whether this answer is a page to trim. */
  #decide(record?: Record<string, unknown>) {
    if (this.#decided || this.headersSent) return;
    this.#decided = true;
    const header = (name: string) =>
      this.getHeader(name) ??
      (record && Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1]);
    if (
      this.req.method === 'HEAD' ||
      !/^text\/html\b/i.test(String(header('content-type') ?? '')) ||
      header('content-encoding') !== undefined
    )
      return;
    this.#trim = new PayloadTrim();
    this.#remove(['content-length'], record);
  }

  /** Headers gone, whether set before or given to `writeHead` (names in lower case). */
  #remove(names: readonly string[], record: Record<string, unknown> | undefined) {
    for (const name of names) this.removeHeader(name);
    if (record)
      for (const key of Object.keys(record))
        if (names.includes(key.toLowerCase())) delete record[key];
  }
}

function bytes(chunk: unknown, encoding: BufferEncoding | undefined): Uint8Array {
  if (typeof chunk === 'string') return Buffer.from(chunk, encoding);
  if (chunk instanceof Uint8Array) return chunk;
  throw new TypeError('A page is written as text or bytes');
}
