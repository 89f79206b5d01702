import 'server-only';
import type http from 'node:http';
import { beforeServerEvents } from '@/lib/server/server-events';
import { CONNECTION_ADDRESS_HEADER } from './client-address';

/**
 * Route handlers cannot see the TCP socket, and Next.js fills X-Forwarded-For from it only when
 * the client sent none (so a client could choose its own address). Before any handler runs, the
 * peer address is written into a header of our own, replacing whatever the client sent there.
 */
export function recordConnectionAddress(): void {
  beforeServerEvents('connection-address', (_server, event, args) => {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[CONNECTION_ADDRESS_HEADER] = request.socket?.remoteAddress ?? 'unknown';
    }
    return false;
  });
}
