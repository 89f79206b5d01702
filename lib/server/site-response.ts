import http from 'node:http';

/**
 * Only the Pages Router's client reads it, and this site has none (the App Router's
 * `x-nextjs-rewritten-path` stays).
 */
export const INTERNAL_RESPONSE_HEADERS = ['x-middleware-rewrite'];

/**
 * Next.js writes it after proxy.ts has returned and no setting turns it off: removed in
 * `writeHead`, which Node.js also calls for an implicit head.
 */
export class SiteResponse<
  Request extends http.IncomingMessage = http.IncomingMessage,
> extends http.ServerResponse<Request> {
  override writeHead(...args: unknown[]): this {
    for (const name of INTERNAL_RESPONSE_HEADERS) this.removeHeader(name);
    const headers = args.find((arg) => arg !== null && typeof arg === 'object');
    if (headers && !Array.isArray(headers)) {
      const record = headers as Record<string, unknown>;
      for (const key of Object.keys(record))
        if (INTERNAL_RESPONSE_HEADERS.includes(key.toLowerCase())) delete record[key];
    }
    return Reflect.apply(super.writeHead, this, args) as this;
  }
}
