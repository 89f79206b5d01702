// One client looping on a page as fast as it can from a single address, in its own process so
// that its work does not slow the test's own measurements:
//   node tests/support/flood.mjs <url> <localAddress> <connections> <seconds>
// Prints autocannon's counts by status as JSON on its last line.
import autocannon from 'autocannon';

const [url, localAddress, connections, seconds] = process.argv.slice(2);
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  tlsOptions: { localAddress },
});
const statuses = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
);
console.log(JSON.stringify({ total: result.requests.total, errors: result.errors, statuses }));
