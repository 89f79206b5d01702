// One client looping on a page as fast as it can from a single address, in its own process so
// that its work does not slow the visitor it floods beside:
//   node harness/flood.mjs <url> <localAddress> <connections> <maxSeconds> [<headers as JSON>]
// e.g. '{"rsc":"1"}' asks for client navigations. autocannon opens a new connection at once in
// place of one that is closed or refused, as a flooder's client does. It floods until SIGTERM
// (or maxSeconds), then prints autocannon's counts by status, its connection errors and how long
// it flooded, as JSON on its last line. Used by tests/integration/flood.test.ts and
// `npm run bench:resilience`.
import autocannon from 'autocannon';

const [url, localAddress, connections, maxSeconds, headers = '{}'] = process.argv.slice(2);
const started = performance.now();
const instance = autocannon(
  {
    url,
    connections: Number(connections),
    duration: Number(maxSeconds),
    headers: JSON.parse(headers),
    tlsOptions: { localAddress },
  },
  (error, result) => {
    if (error) throw error;
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({ total: result.requests.total, errors: result.errors, statuses, seconds }),
    );
    // autocannon leaves the sockets of refused connections open (CLOSE-WAIT, thousands in a
    // flood past the connection cap), which would keep this process alive.
    process.exit(0);
  },
);
process.once('SIGTERM', () => instance.stop());
