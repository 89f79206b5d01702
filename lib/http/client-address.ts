/**
 * The header carrying the TCP peer address of the request. The server entry (server.ts) sets it
 * on every request from the socket itself (overwriting anything the client sent), because
 * Next.js only fills X-Forwarded-For when the client did not send one.
 */
export const CONNECTION_ADDRESS_HEADER = 'x-sa-connection-address';

/**
 * The address the rate limit counts: the connection's; behind a reverse proxy
 * (TRUST_PROXY=true) the last X-Forwarded-For hop, i.e. the address the proxy saw.
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last;
  }
  const connection = headers.get(CONNECTION_ADDRESS_HEADER);
  if (connection) return connection;
  // Only where the server entry did not run (a route tested alone): Next.js's own value.
  return headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown';
}
