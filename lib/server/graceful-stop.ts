import 'server-only';
import http from 'node:http';
import { beforeServerEvents } from './server-events';

const PATCHED = Symbol.for('sorel-aubry.server.graceful-stop');

/**
 * How long a stopping server keeps its idle kept-alive connections before closing them. Closing
 * one at the very moment nginx sends a request on it resets that request, and nginx never
 * replays a POST; meanwhile nginx uses these connections, each answer closes its connection,
 * and few are left idle to close.
 */
const IDLE_GRACE_MS = 2_000;

/**
 * On SIGTERM Next.js stops accepting connections and waits for the open ones to end. Behind
 * nginx those are kept-alive connections that nginx goes on reusing, so without this the
 * instance never drains and systemd kills it after TimeoutStopSec, cutting requests short. From
 * SIGTERM on, every response says `Connection: close`: nginx finishes the request in hand and
 * opens its next connection to another instance (this one refuses it), so the stop loses
 * nothing. The connections left idle are closed after IDLE_GRACE_MS rather than at once.
 */
export function closeConnectionsOnStop(): void {
  const proto = http.Server.prototype as http.Server & { [PATCHED]?: boolean };
  if (proto[PATCHED]) return;
  proto[PATCHED] = true;
  let stopping = false;
  // First in line: `next start` added its own SIGTERM handler, which calls server.close() at
  // once, before this file was loaded.
  process.prependOnceListener('SIGTERM', () => {
    stopping = true;
  });
  beforeServerEvents('graceful-stop', (_server, event, args) => {
    if (stopping && event === 'request') (args[1] as http.ServerResponse).shouldKeepAlive = false;
    return false;
  });
  // Node's server.close() calls closeIdleConnections() at once.
  const closeIdle = proto.closeIdleConnections;
  proto.closeIdleConnections = function (this: http.Server) {
    if (!stopping) return closeIdle.call(this);
    setTimeout(() => closeIdle.call(this), IDLE_GRACE_MS);
  };
}
