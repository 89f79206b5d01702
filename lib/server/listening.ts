import type http from 'node:http';
import net from 'node:net';

export interface Listening {
  port: number;
  /** Stops accepting connections; those already open are left as they are. */
  stopAccepting(): void;
  drained(): Promise<void>;
  closeAll(): void;
}

/**
 * Several SO_REUSEPORT sockets for one server: since libuv 1.45 a socket accepts one connection
 * per event-loop turn, and at full load a turn lasts 100–250 ms, so a burst of connections would
 * wait seconds in the kernel's queue (docs/architecture.md, "Load, and why the site runs behind
 * nginx").
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

  // SO_REUSEPORT would also share the port with a second instance given the same PORT: taken
  // alone first, to fail as a plain listen would.
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
      // http.Server's close() would also close idle kept-alive connections at once; the stop
      // decides when those go (server.ts).
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
