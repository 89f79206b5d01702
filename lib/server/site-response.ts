import http from 'node:http';

/**
 * Headers Next.js leaves on responses that only describe its own routing. `x-middleware-rewrite`
 * names the internal page a rewrite of proxy.ts served ('/fr' for '/', '/fr/introuvable' for a
 * 404): only the Pages Router's client reads it, and this site has none (the App Router's client
 * uses `x-nextjs-rewritten-path`, sent on its own RSC requests only, which stays).
 */
export const INTERNAL_RESPONSE_HEADERS = ['x-middleware-rewrite'];

/**
 * The server's responses (`http.createServer({ ServerResponse: SiteResponse })`). Next.js writes
 * the header above itself after proxy.ts has returned, and no setting turns it off, so it is
 * removed where every response's head leaves the server: `writeHead`, which Node.js also calls
 * for a head written implicitly.
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
