import net from 'node:net';

/** A TCP port that is free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Waits until `url` answers (any status), for `timeoutMs` at most, or until `gaveUp()` says the
 * server is gone (it exited).
 */
export async function waitForHttp(
  url: string,
  timeoutMs = 60_000,
  gaveUp: () => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline && !gaveUp()) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.body?.cancel();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${String(lastError)}`);
}
