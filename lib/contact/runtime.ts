import 'server-only';
import { config } from '@/lib/config';
import { openDatabase } from '@/lib/db/client';
import {
  DIGEST_CHECK_INTERVAL_MS,
  queueDailyDigest,
  queueImmediateDigest,
  type DigestOptions,
} from './delivery/digest';
import { createMailer } from './delivery/mailer';
import { describe, OutboxWorker } from './delivery/outbox';
import { PURGE_INTERVAL_MS, purgeExpiredMessages } from './storage/retention';
import { outboxSettings } from './delivery/settings';
import { contactStore, type ContactMessage, type ContactStore } from './storage/store';

/**
 * The contact capability's long-lived parts (database connection, outbox worker, daily purge),
 * one per server process. They live on globalThis because instrumentation.ts, the route
 * handler and the Server Action are bundled separately and must share them.
 */
interface ContactRuntime {
  store?: Promise<ContactStore>;
  worker?: OutboxWorker;
  started?: boolean;
}

const KEY = Symbol.for('sorel-aubry.contact.runtime');

function runtime(): ContactRuntime {
  const holder = globalThis as { [KEY]?: ContactRuntime };
  holder[KEY] ??= {};
  return holder[KEY];
}

/** The store, opened (and its schema created) on first use; a failed opening is retried next time. */
export function getContactStore(): Promise<ContactStore> {
  const state = runtime();
  state.store ??= openDatabase(config().DATABASE_URL).then(contactStore);
  state.store.catch(() => {
    state.store = undefined;
  });
  return state.store;
}

export function wakeOutbox(): void {
  runtime().worker?.wake();
}

function digestOptions(now: number): DigestOptions {
  const settings = config();
  return { siteUrl: settings.SITE_URL, secret: settings.REVALIDATE_SECRET, now };
}

/**
 * A message was just held: if it is the first for a week, the firm gets a digest at once. A
 * failure here loses nothing (the message is stored; the day's digest lists it), so it is
 * only logged and the visitor's answer does not wait for it.
 */
export function messageHeld(store: ContactStore, message: ContactMessage): void {
  void queueImmediateDigest(store, message, digestOptions(Date.now())).then(
    (outcome) => {
      if (outcome !== 'queued') return;
      console.info(`[contact] digest queued at once: ${message.id} is the first held for a week`);
      wakeOutbox();
    },
    (error: unknown) => console.error(`[contact] digest not queued: ${describe(error)}`),
  );
}

/**
 * Started once by instrumentation.ts with `next start`: opens the database, resumes delivery of
 * every undelivered message, purges expired messages now and daily, queues the daily digest of
 * held messages (checked every minute; one per day whatever the number of instances), and on SIGTERM lets the
 * worker finish the message in hand before the process exits.
 */
export async function startContactBackground(): Promise<void> {
  const state = runtime();
  if (state.started) return;
  state.started = true;
  const settings = config();
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, outboxDir: settings.OUTBOX_DIR });
  console.info(`[contact] e-mail delivery: ${mailer.description}`);

  try {
    const store = await getContactStore();
    console.info(`[contact] storage: ${store.dialect}`);
    launch(state, store, mailer);
  } catch (error) {
    // The site still starts (health answers 503); the worker waits for the database.
    console.error(`[contact] database unavailable, retrying every 5 s: ${describe(error)}`);
    void startContactBackgroundLater(state, mailer);
  }
}

async function startContactBackgroundLater(
  state: ContactRuntime,
  mailer: ReturnType<typeof createMailer>,
): Promise<void> {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 5_000).unref());
    try {
      const store = await getContactStore();
      console.info(`[contact] storage: ${store.dialect} (reconnected)`);
      launch(state, store, mailer);
      return;
    } catch {
      // still unavailable
    }
  }
}

function launch(
  state: ContactRuntime,
  store: ContactStore,
  mailer: ReturnType<typeof createMailer>,
): void {
  const settings = config();
  const worker = new OutboxWorker({
    store,
    mailer,
    envelope: { from: settings.CONTACT_FROM, to: settings.CONTACT_TO },
    ...outboxSettings(),
  });
  state.worker = worker;
  worker.start();

  const purge = () =>
    purgeExpiredMessages(store, Date.now()).then(
      (count) =>
        count > 0 &&
        console.info(
          `[contact] purged ${count} expired message(s) (3 years; 30 days if held as suspected)`,
        ),
      (error: unknown) => console.error(`[contact] purge failed: ${describe(error)}`),
    );
  void purge();
  setInterval(() => void purge(), PURGE_INTERVAL_MS).unref();

  const digest = () =>
    queueDailyDigest(store, digestOptions(Date.now())).then(
      (outcome) => {
        if (outcome !== 'queued') return;
        console.info('[contact] daily digest of held messages queued');
        worker.wake();
      },
      (error: unknown) => console.error(`[contact] daily digest failed: ${describe(error)}`),
    );
  void digest();
  setInterval(() => void digest(), DIGEST_CHECK_INTERVAL_MS).unref();

  process.once('SIGTERM', () => deferExitUntil(worker.stop()));
}

/**
 * Next.js closes the HTTP server on SIGTERM (in-flight requests finish) and then calls
 * process.exit. The exit waits here until the worker has finished the message in hand (at most
 * 20 s), so nothing is cut off halfway; an unfinished send is simply retried after restart.
 */
function deferExitUntil(stopped: Promise<void>): void {
  const exit = process.exit.bind(process);
  const deadline = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
  const deferred = (code?: number | string | null) => {
    void Promise.race([stopped, deadline]).finally(() => exit(code));
  };
  process.exit = deferred as typeof process.exit;
}
