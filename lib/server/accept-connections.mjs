// Preloaded by the systemd unit (`node --import …/accept-connections.mjs … next start`): more
// new connections accepted per turn of the event loop under load.
//
// Since libuv 1.45 (Node.js 20 and later) a listening socket accepts one connection per turn of
// the event loop (libuv pull request 3696). At full load a turn of this server lasts 100–250 ms,
// so a burst of new connections, such as nginx's when another instance stops, waits seconds in
// the kernel's queue before the server even reads it (docs/architecture.md, "Load"). Here the
// server's address is opened by several sockets at once (SO_REUSEPORT, `reusePort`): the kernel
// spreads new connections over their queues and each accepts one per turn, all handed to the
// same HTTP server. When the server closes (Next.js on SIGTERM), they all close with it.
import http from 'node:http';
import net from 'node:net';

/** Listening sockets per server, the server's own included. */
const SOCKETS = Number(process.env.ACCEPT_SOCKETS || 8);
if (!Number.isInteger(SOCKETS) || SOCKETS < 1 || SOCKETS > 64)
  throw new Error(`Invalid configuration: ACCEPT_SOCKETS must be a whole number from 1 to 64`);

const listen = http.Server.prototype.listen;

http.Server.prototype.listen = function (...args) {
  return openSockets(this, args);
};

/** @param {http.Server} server @param {unknown[]} args */
function openSockets(server, args) {
  const [port, host, callback] = args;
  // Only the form `next start` uses: listen(port, hostname[, callback]).
  if (typeof port !== 'number' || typeof host !== 'string' || !(SOCKETS > 1))
    return Reflect.apply(listen, server, args);
  const extras = [];
  const close = server.close;
  // The extra sockets count the connections they accepted, not the server: its close() callback
  // (Next.js exits in it) must wait for theirs too, or requests on those connections are cut.
  server.close = function (callback) {
    const closing = extras.map((extra) => new Promise((resolve) => extra.close(() => resolve())));
    return Reflect.apply(close, server, [
      (error) => {
        void Promise.all(closing).then(() => callback?.(error));
      },
    ]);
  };
  server.once('listening', () => {
    const address = server.address();
    if (!address || typeof address === 'string') return;
    for (let i = 1; i < SOCKETS; i += 1) {
      const extra = net.createServer((socket) => server.emit('connection', socket));
      extra.on('error', (error) => {
        console.error(`[server] extra listening socket on port ${address.port}: ${error.message}`);
      });
      extra.listen({ port: address.port, host: address.address, reusePort: true });
      extras.push(extra);
    }
  });
  const options = { port, host, reusePort: true };
  return typeof callback === 'function'
    ? Reflect.apply(listen, server, [options, callback])
    : Reflect.apply(listen, server, [options]);
}
