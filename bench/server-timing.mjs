// Preloaded into the bench's instance only (NODE_OPTIONS=--import), never into the site.
// It measures the load test from the server's side, through Node's diagnostics channels:
// - how long each request took, from the moment the server read it to its last written byte;
// - when each connection was accepted.
// Node 20 and later accept one connection per turn of the event loop (libuv pull request 3696),
// and a turn lasts 100-250 ms while the server renders at full load, so a client's latency
// includes its wait in the kernel's accept queue, which the server never sees. The two figures
// side by side tell that wait apart from the rendering time.
// On SIGUSR2 it writes what it has gathered since the previous SIGUSR2 as JSON to the file named
// by BENCH_SERVER_TIMING, then starts afresh.
import diagnostics from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_SERVER_TIMING;
if (file) {
  let since = performance.now();
  let durations = [];
  let accepted = [];
  const started = new WeakMap();

  diagnostics.subscribe('net.server.socket', () => accepted.push(performance.now() - since));
  diagnostics.subscribe('http.server.request.start', ({ response }) =>
    started.set(response, performance.now()),
  );
  diagnostics.subscribe('http.server.response.finish', ({ response }) => {
    const start = started.get(response);
    if (start !== undefined && start >= since) durations.push(performance.now() - start);
  });

  process.on('SIGUSR2', () => {
    writeFileSync(file, JSON.stringify({ durations, accepted }));
    since = performance.now();
    durations = [];
    accepted = [];
  });
}
