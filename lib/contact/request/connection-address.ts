import 'server-only';
import http from 'node:http';
import { CONNECTION_ADDRESS_HEADER } from './client-address';

const PATCHED = Symbol.for('sorel-aubry.contact.connection-address');

/**
 * Route handlers cannot see the TCP socket, and Next.js fills X-Forwarded-For from it only when
 * the client sent none (so a client could choose its own address). Before any handler runs, the
 * peer address is written into a header of our own, replacing whatever the client sent there.
 */
export function recordConnectionAddress(): void {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: boolean };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[CONNECTION_ADDRESS_HEADER] = request.socket?.remoteAddress ?? 'unknown';
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}
