import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '@/lib/config';
import { siteDatabase } from '@/lib/db/client';
import { describe } from '@/lib/errors';
import type { FirmMail } from '@/lib/mail/firm-mail';
import { wakeOutbox } from '@/lib/mail/runtime';
import { processShared } from '@/lib/process-shared';
import { parisDay } from '@/lib/paris-clock';
import { retentionCutoffDay } from './calendar';
import { receiveAudience, type ReceiverContext } from './receiver';
import { queueMonthlyReport, REPORT_CHECK_INTERVAL_MS } from './report';
import { audienceStore, PartialWrite, type AudienceStore } from './store';
import type { ConfirmedSubscribers } from './report';
import {
  AudienceTally,
  countContactMessage,
  countLetterSent,
  countSubscriberChange,
  type SubscriberChange,
} from './tally';

/** Given by the server entry: the audience does not read the articles itself. */
export type PublishedTitles = () => Promise<ReadonlyMap<string, string> | undefined>;

/**
 * One per server process (docs/architecture.md, "Audience measurement without consent"), through
 * processShared: the contact form's count comes from a route handler and an action, bundled apart.
 */
interface AudienceRuntime {
  tally: AudienceTally;
  publishedTitles?: PublishedTitles;
  /** So that a stop waits for it. */
  flushing?: Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const runtime = () =>
  processShared<AudienceRuntime>('audience.runtime', () => ({ tally: new AudienceTally() }));

async function getAudienceStore(): Promise<AudienceStore> {
  return audienceStore(await siteDatabase());
}

const receiverContext = (): ReceiverContext => ({
  tally: runtime().tally,
  siteUrl: config().SITE_URL,
  now: Date.now,
  publishedTitle: async (slug) => {
    const titles = await runtime().publishedTitles?.();
    return titles && (titles.get(slug) ?? null);
  },
});

export function receiveAudienceRequest(
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  return receiveAudience(request, response, receiverContext());
}

export function recordContactMessage(held: boolean, now = Date.now()): void {
  countContactMessage(runtime().tally, parisDay(now), held);
}

/** The letters' subscribers, told by the site events (server.ts). */
export function recordSubscriberChange(change: SubscriberChange, now = Date.now()): void {
  countSubscriberChange(runtime().tally, parisDay(now), change);
}

export function recordLetterSent(now = Date.now()): void {
  countLetterSent(runtime().tally, parisDay(now));
}

/** On failure, what was not written is kept for the next time. */
export function flushAudience(): Promise<void> {
  const state = runtime();
  const previous = state.flushing ?? Promise.resolve();
  const next = previous.then(async () => {
    if (state.tally.empty) return;
    const dropped = state.tally.dropped;
    const taken = state.tally.take();
    try {
      await (await getAudienceStore()).add(taken);
    } catch (error) {
      // Only what was not written is kept for the next time: nothing is counted twice.
      state.tally.restore(error instanceof PartialWrite ? error.left : taken);
      console.error(`[audience] counts kept in memory, the database failed: ${describe(error)}`);
    }
    if (dropped > 0) console.warn(`[audience] ${dropped} new figure(s) dropped: too many at once`);
  });
  state.flushing = next;
  return next;
}

export interface AudienceBackground {
  /** Writes what is left: nothing received is lost on a graceful stop. */
  stop(): Promise<void>;
}

/** Started by the server entry once the database is open. */
export function startAudienceBackground(sources: {
  firmMail: FirmMail;
  publishedTitles: PublishedTitles;
  confirmedSubscribers: ConfirmedSubscribers;
}): AudienceBackground {
  runtime().publishedTitles = sources.publishedTitles;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, run: () => Promise<unknown>) => {
    timers.push(setInterval(() => void run(), ms).unref());
  };
  every(config().AUDIENCE_FLUSH_MS, flushAudience);

  const purge = async () => {
    try {
      const rows = await (await getAudienceStore()).purge(retentionCutoffDay(Date.now()));
      if (rows > 0) console.info(`[audience] purged ${rows} row(s) older than 25 months`);
    } catch (error) {
      console.error(`[audience] purge failed: ${describe(error)}`);
    }
  };
  void purge();
  every(DAY_MS, purge);

  const report = async () => {
    try {
      const reportSources = {
        firmMail: sources.firmMail,
        audience: await getAudienceStore(),
        currentTitles: async () => (await sources.publishedTitles()) ?? new Map<string, string>(),
        confirmedSubscribers: sources.confirmedSubscribers,
      };
      // The month's last counts first, so that the report holds them.
      await flushAudience();
      if ((await queueMonthlyReport(reportSources, Date.now())) !== 'queued') return;
      console.info('[audience] monthly report queued');
      wakeOutbox();
    } catch (error) {
      console.error(`[audience] monthly report not queued: ${describe(error)}`);
    }
  };
  void report();
  every(REPORT_CHECK_INTERVAL_MS, report);

  return {
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await flushAudience();
    },
  };
}
