// One address holding as many connections as it can, in its own process so that its work does
// not slow the test's own measurements:
//   node tests/support/slow-clients.mjs <port> <localAddress> <slowHeaders> <idle>
// Opens <slowHeaders> TLS connections to 127.0.0.1:<port> that send a request line and then one
// header line every 2 s, never ending the header, and <idle> that send one whole request, read
// its answer and then stay idle (kept alive). A connection nginx closes after keeping it is
// opened again at once, to take its slot back; one refused before its TLS handshake is tried
// again a second later (a client retrying without pause is a flood of new connections, which
// rates, not a count of connections, limit). Prints `ready` once every connection has been kept
// or refused at least once, and on SIGTERM its counts as JSON on its last line:
// - kept: connections nginx completed a TLS handshake on; `mostKeptAtOnce`, the most at once;
// - refused: connections closed before their TLS handshake, and the longest that took;
// - answered: the idle connections' answers, by status.
import tls from 'node:tls';

const [port, localAddress, slowHeaders, idle] = process.argv.slice(2);
const HEADER_LINE_EVERY_MS = 2_000;
const REFUSED_RETRY_MS = 1_000;

const counts = {
  opened: 0,
  kept: 0,
  mostKeptAtOnce: 0,
  refused: 0,
  slowestRefusalMs: 0,
  /** @type {Record<string, number>} */
  answered: {},
};
let keptNow = 0;
let stopping = false;
let unsettled = Number(slowHeaders) + Number(idle);
/** @type {Set<tls.TLSSocket>} */
const sockets = new Set();

/** @param {'slow' | 'idle'} kind @param {boolean} first */
function open(kind, first) {
  if (stopping) return;
  counts.opened += 1;
  const started = performance.now();
  let kept = false;
  /** @type {NodeJS.Timeout | undefined} */
  let trickle;
  const socket = tls.connect({
    host: '127.0.0.1',
    port: Number(port),
    localAddress,
    rejectUnauthorized: false,
    ALPNProtocols: ['http/1.1'],
  });
  sockets.add(socket);
  const settled = () => {
    if (first && --unsettled === 0) console.log('ready');
    first = false;
  };
  socket.once('secureConnect', () => {
    kept = true;
    counts.kept += 1;
    keptNow += 1;
    counts.mostKeptAtOnce = Math.max(counts.mostKeptAtOnce, keptNow);
    settled();
    if (kind === 'slow') {
      socket.write(`GET /fr HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
      let line = 0;
      trickle = setInterval(
        () => socket.write(`X-Slow-${(line += 1)}: 1\r\n`),
        HEADER_LINE_EVERY_MS,
      );
    } else {
      socket.write(`GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    }
  });
  socket.on('data', (chunk) => {
    const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1];
    if (status) counts.answered[status] = (counts.answered[status] ?? 0) + 1;
  });
  // A kept connection stops counting as soon as nginx's end of it arrives ('end', or 'error'
  // for a reset): 'close' comes a turn of the event loop later, after a connection nginx
  // accepted in its place may already have completed its handshake.
  let released = false;
  const release = () => {
    if (kept && !released) keptNow -= 1;
    released = true;
  };
  socket.once('end', release);
  socket.on('error', release);
  socket.once('close', () => {
    release();
    clearInterval(trickle);
    sockets.delete(socket);
    if (!kept && !stopping) {
      counts.refused += 1;
      counts.slowestRefusalMs = Math.max(counts.slowestRefusalMs, performance.now() - started);
      settled();
    }
    setTimeout(() => open(kind, false), kept ? 0 : REFUSED_RETRY_MS);
  });
}

for (let i = 0; i < Number(slowHeaders); i += 1) open('slow', true);
for (let i = 0; i < Number(idle); i += 1) open('idle', true);

process.on('SIGTERM', () => {
  stopping = true;
  for (const socket of sockets) socket.destroy();
  counts.slowestRefusalMs = Math.round(counts.slowestRefusalMs);
  console.log(JSON.stringify(counts));
  process.exit(0);
});
