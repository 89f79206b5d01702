import 'server-only';
import type { Locale } from '@/lib/i18n/locales';
import type { ArticleForLetter, LetterArticle } from './article';
import type { LetterSend, LettersStore } from './store';

/** A send as the editors' sidebar shows it (docs/editors.md says what each state means). */
export type SendView =
  | { state: 'none' }
  | { state: 'queued'; createdAt: string; publishAt: string | null }
  | { state: 'sending'; startedAt: string; sent: number; total: number }
  | { state: 'sent'; finishedAt: string; sent: number; refused: number }
  | { state: 'cancelled'; createdAt: string; cancelledAt: string }
  | { state: 'stopped'; stoppedAt: string; sent: number; dropped: number };

const iso = (ms: number | null) => new Date(ms ?? 0).toISOString();

export async function sendView(
  store: LettersStore,
  send: LetterSend | null,
  publishAt: string | null = null,
): Promise<SendView> {
  if (!send) return { state: 'none' };
  switch (send.state) {
    case 'queued':
      return { state: 'queued', createdAt: iso(send.createdAt), publishAt };
    case 'sending': {
      const { delivered } = await store.sendProgress(send.id);
      return {
        state: 'sending',
        startedAt: iso(send.startedAt),
        sent: delivered,
        total: send.recipients,
      };
    }
    case 'sent':
      return {
        state: 'sent',
        finishedAt: iso(send.finishedAt),
        sent: send.sentCount,
        refused: send.refusedCount,
      };
    case 'cancelled':
      return {
        state: 'cancelled',
        createdAt: iso(send.createdAt),
        cancelledAt: iso(send.finishedAt),
      };
    default: {
      const { delivered } = await store.sendProgress(send.id);
      return {
        state: 'stopped',
        stoppedAt: iso(send.finishedAt),
        sent: delivered,
        dropped: send.droppedCount,
      };
    }
  }
}

export type SendOutcome =
  | { kind: 'queued' | 'started'; send: LetterSend }
  /** Refused: the article was sent (or queued) before, on this date. */
  | { kind: 'refused'; send: LetterSend };

/**
 * The editors' send, recorded once per article address: an article online starts at once, one
 * not online yet (a draft, or publier_le ahead) waits for `startDueSends`.
 */
export async function sendArticle(
  store: LettersStore,
  article: LetterArticle,
  now: number,
): Promise<SendOutcome> {
  const created = await store.createSend(article.slug, now);
  if (created.kind === 'exists') return { kind: 'refused', send: created.send };
  if (!article.online) return { kind: 'queued', send: created.send };
  await store.startSend(created.send.id, now);
  return { kind: 'started', send: (await store.findSend(article.slug)) ?? created.send };
}

/**
 * Every instance, every minute: a queued send whose article is now online starts (one instance
 * wins its conditional UPDATE, and a letter is keyed by send and subscriber, so none is queued
 * twice); a send whose starter stopped before queuing is queued again; a finished one is closed;
 * a stopped one's letters held by an instance that died are dropped.
 * Returns how many sends started here.
 */
export async function startDueSends(
  store: LettersStore,
  articleFor: ArticleForLetter,
  now: number,
): Promise<number> {
  let started = 0;
  for (const send of await store.sendsIn('queued')) {
    const article = await articleFor(send.slug, { fresh: false });
    if (article === 'unavailable') return started;
    if (article?.online && (await store.startSend(send.id, now))) started += 1;
  }
  for (const send of await store.sendsIn('sending')) {
    await store.recoverStart(send.id, now);
    await store.finishIfDone(send.id, now);
  }
  for (const send of await store.sendsIn('stopped')) await store.dropLeftovers(send.id, now);
  return started;
}

/** Confirmed subscribers per language, and in all. */
export async function subscriberCounts(store: LettersStore) {
  const counts = await store.countConfirmed();
  const total = (Object.values(counts) as number[]).reduce((a, b) => a + b, 0);
  return { ...counts, total } satisfies Record<Locale | 'total', number>;
}
