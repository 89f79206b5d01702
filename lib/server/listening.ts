import type http from 'node:http';
import net from 'node:net';

export interface Listening {
  /** The port listened on (the one asked for, or the one the system chose for 0). */
  port: number;
  /** Stops accepting connections; those already open are left as they are. */
  stopAccepting(): void;
  /** Resolves once every connection the server was given has closed. */
  drained(): Promise<void>;
  /** Ends every open connection at once, upgraded ones (WebSockets) included. */
  closeAll(): void;
}

/**
 * Opens `sockets` listening sockets on one address and port (SO_REUSEPORT, `reusePort`) for one
 * HTTP server: the server listens on the first itself, and every connection the others accept
 * is handed to it (its `connection` event, which Node.js documents for this use).
 *
 * Why several: since libuv 1.45 (Node.js 20 and later) a listening socket accepts one
 * connection per turn of the event loop (libuv pull request 3696), and at full load a turn of
 * this server lasts 100–250 ms, so a burst of new connections (nginx's, when another instance
 * stops) would wait seconds in the kernel's queue before the server even reads it
 * (docs/architecture.md, "Load"). The kernel spreads new connections over the sockets' queues,
 * and each accepts one per turn.
 *
 * Rejects when the address cannot be opened (in use, not allowed).
 */
export async function listen(
  server: http.Server,
  { port, host, sockets }: { port: number; host: string | undefined; sockets: number },
): Promise<Listening> {
  const open = new Set<net.Socket>();
  let emptied: (() => void) | undefined;
  server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) emptied?.();
    });
  });

  // SO_REUSEPORT would also let this server share the port with another process that asked for
  // it the same way (a second instance given the same PORT): the port is first taken alone, to
  // fail as a plain listen would.
  if (sockets > 1 && port !== 0) await portFree(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, reusePort: sockets > 1 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  const extras = await Promise.all(
    Array.from({ length: sockets - 1 }, () => openExtra(server, address)),
  );

  return {
    port: address.port,
    stopAccepting: () => {
      // http.Server's own close() would also close its idle kept-alive connections at once; the
      // stop decides when those go (server.ts), so the server's socket is closed as a plain
      // net.Server's. The connections are awaited by drained(), not by these callbacks.
      if (server.listening) net.Server.prototype.close.call(server);
      for (const extra of extras) if (extra.listening) extra.close();
    },
    drained: () =>
      open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (emptied = resolve)),
    closeAll: () => {
      for (const socket of open) socket.destroy();
    },
  };
}

function portFree(port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host }, () => probe.close(() => resolve()));
  });
}

function openExtra(server: http.Server, address: net.AddressInfo): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const extra = net.createServer({ noDelay: true }, (socket) =>
      server.emit('connection', socket),
    );
    extra.once('error', reject);
    extra.listen({ port: address.port, host: address.address, reusePort: true }, () => {
      extra.off('error', reject);
      extra.on('error', (error) =>
        console.error(`[server] listening socket on port ${address.port}: ${error.message}`),
      );
      resolve(extra);
    });
  });
}
