import 'server-only';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Pool } from 'pg';
import { config } from '@/lib/config';
import { siteDatabase } from '@/lib/db/client';
import { databaseTarget } from '@/lib/db/target';
import { processShared } from '@/lib/process-shared';

export interface RateLimit {
  points: number;
  durationSeconds: number;
  /** Each form counts apart: 'contact', 'letters'. */
  keyPrefix: string;
}

export type RateLimitOutcome = { kind: 'allowed' } | { kind: 'limited'; retryAfterSeconds: number };

/**
 * Counts one request from `clientAddress`. In memory with SQLite (one instance); in PostgreSQL
 * otherwise, so that the limit holds on every instance. Throws when the limit cannot be checked
 * (its database is down): the caller fails closed.
 */
export async function consumeRateLimit(
  limit: RateLimit,
  clientAddress: string,
): Promise<RateLimitOutcome> {
  try {
    await (await limiter(limit)).consume(clientAddress);
    return { kind: 'allowed' };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return {
      kind: 'limited',
      retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
    };
  }
}

/** One per prefix and process (route handlers and actions are bundled apart); a failed opening is forgotten. */
function limiter(limit: RateLimit): Promise<RateLimiterAbstract> {
  const holder = processShared(
    `rate-limiter.${limit.keyPrefix}`,
    () => ({}) as { limiter?: Promise<RateLimiterAbstract> },
  );
  const existing = holder.limiter;
  if (existing) return existing;
  const options = {
    points: limit.points,
    duration: limit.durationSeconds,
    keyPrefix: limit.keyPrefix,
  };
  // With SQLite the limit holds without the database: it is checked before anything is stored.
  const created =
    databaseTarget(config().DATABASE_URL).dialect === 'sqlite'
      ? Promise.resolve<RateLimiterAbstract>(new RateLimiterMemory(options))
      : siteDatabase().then((database) =>
          database.dialect === 'postgres'
            ? postgresLimiter(database.pool, options)
            : new RateLimiterMemory(options),
        );
  holder.limiter = created;
  created.catch(() => {
    if (holder.limiter === created) holder.limiter = undefined;
  });
  return created;
}

/**
 * Every prefix shares one table (its keys carry the prefix). Two instances starting together can
 * fail the slower one's CREATE TABLE IF NOT EXISTS with 42P07, which the library does not absorb
 * (only 23505): either means the table is there.
 */
function postgresLimiter(
  pool: Pool,
  options: { points: number; duration: number; keyPrefix: string },
): Promise<RateLimiterAbstract> {
  const settings = { ...options, storeClient: pool, tableName: 'contact_rate_limits' };
  return new Promise<RateLimiterAbstract>((resolve, reject) => {
    const store = new RateLimiterPostgres(settings, (error?: unknown) => {
      if (!error) return resolve(store);
      if ((error as { code?: unknown }).code === '42P07')
        return resolve(new RateLimiterPostgres({ ...settings, tableCreated: true }));
      reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}
