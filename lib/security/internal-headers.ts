import 'server-only';
import http from 'node:http';

const PATCHED = Symbol.for('sorel-aubry.security.internal-headers');

/**
 * Headers Next.js leaves on responses that only describe its own routing. `x-middleware-rewrite`
 * names the internal page a rewrite of proxy.ts served ('/fr' for '/', '/fr/introuvable' for a
 * 404): only the Pages Router's client reads it, and this site has none (the App Router's client
 * uses `x-nextjs-rewritten-path`, sent on its own RSC requests only, which stays).
 */
const INTERNAL_RESPONSE_HEADERS = ['x-middleware-rewrite'];

/**
 * Next.js writes that header itself after proxy.ts has returned (router-server copies it from the
 * proxy's answer), and no configuration turns it off, so it is removed where every response's
 * head leaves the server: `writeHead`, which Node.js also calls for an implicit head.
 */
export function stripInternalResponseHeaders(): void {
  const proto = http.ServerResponse.prototype as http.ServerResponse & { [PATCHED]?: boolean };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  const writeHead = proto.writeHead;
  proto.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    for (const name of INTERNAL_RESPONSE_HEADERS) this.removeHeader(name);
    const headers = args.find((arg) => arg !== null && typeof arg === 'object');
    if (headers && !Array.isArray(headers)) {
      const record = headers as Record<string, unknown>;
      for (const key of Object.keys(record))
        if (INTERNAL_RESPONSE_HEADERS.includes(key.toLowerCase())) delete record[key];
    }
    return Reflect.apply(writeHead, this, args) as http.ServerResponse;
  } as typeof proto.writeHead;
}
