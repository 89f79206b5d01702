/**
 * The site's server: what `npm start`, `npm run dev`, the systemd unit, the tests and the bench
 * run. `npm run build` bundles it to dist/server.mjs (scripts/build-server.mjs). It reads top to
 * bottom: the configuration, Next.js, what happens to each request before Next.js, the stop,
 * readiness, listening, and the background work. Where it stands on a request's path, between
 * nginx and proxy.ts: docs/architecture.md, "A request's path".
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { articleStore } from '@/lib/articles';
import { articleForLetter } from '@/lib/articles/letter-article';
import { publishedTitles } from '@/lib/articles/titles';
import {
  receiveAudienceRequest,
  recordContactMessage,
  recordLetterSent,
  recordSubscriberChange,
  startAudienceBackground,
  type AudienceBackground,
} from '@/lib/audience/runtime';
import { readConfig, type Config } from '@/lib/config';
import { contactMailQueues } from '@/lib/contact/delivery/queue';
import {
  getContactStore,
  startContactBackground,
  type ContactBackground,
} from '@/lib/contact/runtime';
import { describe } from '@/lib/errors';
import { CONNECTION_ADDRESS_HEADER } from '@/lib/http/client-address';
import {
  getLettersStore,
  lettersMailQueues,
  startLettersBackground,
  type LettersBackground,
} from '@/lib/letters/runtime';
import { firmEnvelope, startOutbox, type Outbox } from '@/lib/mail/runtime';
import { listen, type Listening } from '@/lib/server/listening';
import {
  answerRefusal,
  refusal,
  refuseOnSocket,
  upgradeRefusal,
  validRange,
} from '@/lib/server/request-gate';
import { SiteResponse } from '@/lib/server/site-response';
import { listenToSiteEvents } from '@/lib/site-events';

// ---- 1. Configuration ---------------------------------------------------------------------
// Checked before anything starts: a malformed variable stops the server with a message naming
// it, and systemd's Restart=on-failure does not hide a typo for long (exit code 1).
let settings: Config;
try {
  settings = readConfig();
} catch (error) {
  console.error(`[server] ${describe(error)}`);
  process.exit(1);
}
// Production unless said otherwise (`npm run dev` says development), set before Next.js and
// React load, as `next start` does: they pick their builds from it.
(process.env as Record<string, string | undefined>).NODE_ENV ??= 'production';
const dev = process.env.NODE_ENV === 'development';
/** Idle kept-alive connections are kept longer than nginx keeps them (55 s, deploy/nginx), so
 * nginx never sends a request on a connection this server is closing for idleness. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How long a stopping server keeps idle connections open (see the stop, below). */
const IDLE_GRACE_MS = 2_000;
/** How long the stop waits for the outbox worker's e-mail in hand; systemd kills at 30 s. */
const OUTBOX_STOP_MS = 20_000;

// ---- 2. Next.js ---------------------------------------------------------------------------
// Told the host and port the server listens on: it builds each request's URL from them.
// (`localhost` rather than an IP address for the unit: Next.js 16 mishandles its own rewrites
// when the host is an IP address.) Its custom-server wrapper passes WebSocket upgrades on from
// the server it is given: `upgrades`, which only the gate below feeds.
const { default: next } = await import('next');
const upgrades = new http.Server();
const app = next({
  dev,
  dir: process.cwd(),
  hostname: settings.LISTEN_HOST ?? 'localhost',
  port: settings.PORT,
  httpServer: upgrades,
});

// ---- 3. Each request, before Next.js ------------------------------------------------------
// What one feature tells another (lib/site-events.ts): a contact message stored, a subscriber
// who arrives or leaves, a letter sent, counted by the audience measurement for the monthly
// report.
listenToSiteEvents({
  contactMessageStored: recordContactMessage,
  subscriberConfirmed: (at) => recordSubscriberChange('new', at),
  subscriberUnsubscribed: (at) => recordSubscriberChange('unsubscribed', at),
  subscriberRefused: (at) => recordSubscriberChange('refused', at),
  letterSent: recordLetterSent,
});

let stopping = false;
// Usable once Next.js is prepared (readiness, below).
const handleWithNext = app.getRequestHandler();

const server = http.createServer({ ServerResponse: SiteResponse }, (request, response) => {
  void handle(request, response);
});
server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;

async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  // From SIGTERM on, every answer closes its connection (see the stop).
  if (stopping) response.shouldKeepAlive = false;
  // Methods, request lines and paths the site refuses (lib/server/request-gate.ts).
  const refused = refusal(request);
  if (refused) return answerRefusal(request, response, refused);
  // An unsatisfiable Range is dropped and the whole file sent: Next.js answers it with 500.
  const range = request.headers.range;
  if (range !== undefined && !validRange(range)) delete request.headers.range;
  // The TCP peer, for the contact rate limit: route handlers cannot see the socket, and Next.js
  // fills X-Forwarded-For from it only when the client sent none. Whatever the client put in
  // this header is replaced.
  request.headers[CONNECTION_ADDRESS_HEADER] = request.socket.remoteAddress ?? 'unknown';
  // Pages and answers leave uncompressed, as nginx asks for them (it compresses after its
  // nonce substitution), so that a page's payload is trimmed from its text (SiteResponse).
  // Build files keep Next.js's compression for a browser served without nginx.
  if (!request.url?.startsWith('/_next/')) delete request.headers['accept-encoding'];
  // The audience measurement's beacons are answered here, in microseconds: a thousand page views
  // a second must not go through Next.js's router (lib/audience/receiver.ts).
  if (receiveAudienceRequest(request, response)) return;
  if (!ready && !request.url?.startsWith('/api/')) return answerNotReady(response);
  try {
    await handleWithNext(request, response);
  } catch (error) {
    // An answer, never a dropped connection: 500 when nothing was sent yet.
    console.error(`[server] ${request.method} ${request.url} failed:`, error);
    if (!response.headersSent) {
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Internal Server Error\n');
    } else response.end();
  }
}

server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
  const refused = upgradeRefusal(request, dev);
  if (refused) return refuseOnSocket(socket, request, refused);
  upgrades.emit('upgrade', request, socket, head);
});
// CONNECT never reaches the request event: without a listener Node.js drops the connection.
server.on('connect', (request: http.IncomingMessage, socket: Duplex) =>
  refuseOnSocket(socket, request, { status: 405, allow: 'GET, HEAD', reason: 'method' }),
);

// ---- 4. The stop --------------------------------------------------------------------------
// SIGTERM (systemd, deploy/release) or SIGINT (a terminal). Behind nginx the open connections
// are kept-alive ones that nginx goes on reusing, so the server would never drain by itself:
// from the signal on, every answer says `Connection: close`, and nginx finishes the request in
// hand and opens its next connection to another instance (this one no longer accepts). The
// idle connections are closed after IDLE_GRACE_MS, not at once: closing one at the very moment
// nginx sends a request on it would reset that request, and nginx never replays a POST.
// Requests in flight finish; the outbox worker finishes the e-mail in hand. The exit code is
// 128 + the signal's number, as for a process the signal ended (the unit's SuccessExitStatus).
let listening: Listening | undefined;
let outbox: Outbox | undefined;
let contact: ContactBackground | undefined;
let audience: AudienceBackground | undefined;
let letters: LettersBackground | undefined;

async function stop(signal: 'SIGTERM' | 'SIGINT') {
  if (stopping) return;
  stopping = true;
  console.info(`[server] ${signal}: finishing the requests in hand`);
  contact?.stop();
  letters?.stop();
  const sending = outbox?.stop(OUTBOX_STOP_MS);
  listening?.stopAccepting();
  // The development server has no nginx to spare, and its live reload holds a WebSocket open.
  if (dev) listening?.closeAll();
  setTimeout(() => server.closeIdleConnections(), IDLE_GRACE_MS).unref();
  await listening?.drained();
  // The audience counts received until now are written (lib/audience/runtime.ts).
  await audience?.stop();
  await sending;
  await app.close();
  process.exit(signal === 'SIGTERM' ? 143 : 130);
}
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));

// ---- 5. Readiness -------------------------------------------------------------------------
// No page or build file before Next.js is prepared and the database is open with its schema
// migrated: a page of a release that cannot run would name build files that are gone once
// deploy/release has switched back. Until then the port is closed, and nginx sends every
// request to another instance. If the database cannot be opened, the server listens all the
// same and tries again every 5 s; meanwhile pages and files are answered 503 (nginx tries another
// instance), and the API answers for itself: /api/health says the database is unavailable (for
// deploy/release and the monitor), the contact API that the message could not be stored.
let ready = false;

function answerNotReady(response: http.ServerResponse) {
  response.shouldKeepAlive = false;
  response.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': '5',
  });
  response.end('Service Unavailable\n');
}

await app.prepare();
// The process's one database handle (lib/db/client.ts): its schema is migrated here, once.
let store = await getContactStore().catch((error: unknown) => {
  console.error(`[server] not ready, trying again every 5 s: ${describe(error)}`);
  return undefined;
});

// ---- 6. Listening -------------------------------------------------------------------------
try {
  listening = await listen(server, {
    port: settings.PORT,
    host: settings.LISTEN_HOST,
    sockets: settings.ACCEPT_SOCKETS,
  });
} catch (error) {
  // The unit's Restart=on-failure relies on a failed start ending the process with an error.
  console.error(`[server] cannot listen on port ${settings.PORT}: ${describe(error)}`);
  process.exit(1);
}
while (!store && !stopping) {
  await new Promise((resolve) => setTimeout(resolve, 5_000).unref());
  store = await getContactStore().catch(() => undefined);
}
ready = store !== undefined;
console.info(
  `[server] ready on http://${settings.LISTEN_HOST ?? 'localhost'}:${listening.port} (${dev ? 'development' : 'production'})`,
);

// ---- 7. Background work -------------------------------------------------------------------
// The articles are read before the first visitor asks (not awaited: a failure is logged and the
// first visitor tries again); the outbox (lib/mail) sends the e-mails to the firm, then the
// contact messages, then the legal watch's confirmation e-mails and letters; the contact purge
// and daily digest of held messages run (lib/contact/runtime.ts), the purge of unconfirmed
// subscribers and the check of queued sends (lib/letters/runtime.ts), and the audience
// measurement's writes, purge and monthly report (lib/audience/runtime.ts), which reads the
// articles' titles and the letters' subscribers through the server entry.
void articleStore()
  .refresh()
  .catch((error: unknown) =>
    console.error(`[articles] could not load at start: ${describe(error)}`),
  );
if (store && !stopping) {
  // The legal watch's e-mails come last, the letters paced (lib/letters/runtime.ts); the
  // articles feature hands them their article, which lib/letters does not read itself.
  const lettersStore = await getLettersStore();
  outbox = startOutbox([
    ...contactMailQueues(store, firmEnvelope()),
    ...(await lettersMailQueues(lettersStore, articleForLetter)),
  ]);
  letters = startLettersBackground(lettersStore, articleForLetter);
  contact = startContactBackground(store);
  audience = startAudienceBackground({
    firmMail: store.firmMail,
    publishedTitles,
    confirmedSubscribers: () => lettersStore.countConfirmed(),
  });
}
