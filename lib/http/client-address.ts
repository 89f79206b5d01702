/**
 * Set by server.ts from the socket, over anything the client sent: Next.js fills X-Forwarded-For
 * only when the client sent none.
 */
export const CONNECTION_ADDRESS_HEADER = 'x-sa-connection-address';

/** Behind a proxy (TRUST_PROXY), the last X-Forwarded-For hop: the address the proxy saw. */
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
