/** Rows are only added to (an upsert that sums), read summed over a period, and deleted by age. */
import 'server-only';
import { and, getTableName, gte, inArray, lt, lte, sql, sum } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Database } from '@/lib/db/client';
import { sqliteShaped, type RowsAgree } from '@/lib/db/dialects';
import {
  audienceCountsPg,
  audienceCountsSqlite,
  audienceTitlesPg,
  audienceTitlesSqlite,
  audienceVitalsPg,
  audienceVitalsSqlite,
} from '@/lib/db/schema';
import type { Measure, Taken } from './tally';
import type { VitalMetric } from './vitals';
import { describe } from '@/lib/errors';

export interface PeriodRows {
  counts: { measure: Measure; path: string; value: string; count: number }[];
  days: { day: string; measure: Measure; count: number }[];
  vitals: { kind: string; metric: VitalMetric; bucket: number; count: number }[];
  titles: Map<string, string>;
}

export interface AudienceStore {
  /**
   * Several instances add to the same rows. A failure throws a PartialWrite holding what was not
   * written, so that only that is kept for the next time: nothing is counted twice.
   */
  add(taken: Taken): Promise<void>;
  /** Paris days, inclusive. */
  period(from: string, to: string): Promise<PeriodRows>;
  purge(cutoffDay: string): Promise<number>;
}

type Tables = {
  db: LibSQLDatabase;
  counts: typeof audienceCountsSqlite;
  vitals: typeof audienceVitalsSqlite;
  titles: typeof audienceTitlesSqlite;
};

// PostgreSQL's tables stand for SQLite's only while their rows are the same.
const rowsAgree: RowsAgree<typeof audienceCountsPg, typeof audienceCountsSqlite> &
  RowsAgree<typeof audienceVitalsPg, typeof audienceVitalsSqlite> &
  RowsAgree<typeof audienceTitlesPg, typeof audienceTitlesSqlite> = true;
void rowsAgree;

function tablesOf(database: Database): Tables {
  const { db, tables } = sqliteShaped(database, {
    sqlite: {
      counts: audienceCountsSqlite,
      vitals: audienceVitalsSqlite,
      titles: audienceTitlesSqlite,
    },
    postgres: { counts: audienceCountsPg, vitals: audienceVitalsPg, titles: audienceTitlesPg },
  });
  return { db, ...tables };
}

/** The stored count is named with its table: PostgreSQL finds a bare `count` ambiguous. */
function added(table: typeof audienceCountsSqlite | typeof audienceVitalsSqlite) {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier('count')} + excluded.${sql.identifier('count')}`;
}

/** Rows per statement: well under SQLite's limit on bound values. */
const CHUNK = 400;

export class PartialWrite extends Error {
  constructor(
    readonly left: Taken,
    cause: unknown,
  ) {
    super(describe(cause), { cause });
  }
}

export function audienceStore(database: Database): AudienceStore {
  const { db, counts: c, vitals: v, titles: t } = tablesOf(database);
  return {
    async add(taken) {
      const left = {
        counts: [...taken.counts],
        vitals: [...taken.vitals],
        titles: [...taken.titles],
      };
      try {
        while (left.counts.length > 0) {
          await db
            .insert(c)
            .values(left.counts.slice(0, CHUNK))
            .onConflictDoUpdate({
              target: [c.day, c.path, c.measure, c.value],
              set: { count: added(c) },
            });
          left.counts.splice(0, CHUNK);
        }
        while (left.vitals.length > 0) {
          await db
            .insert(v)
            .values(left.vitals.slice(0, CHUNK))
            .onConflictDoUpdate({
              target: [v.day, v.kind, v.metric, v.bucket],
              set: { count: added(v) },
            });
          left.vitals.splice(0, CHUNK);
        }
        while (left.titles.length > 0) {
          await db
            .insert(t)
            .values(left.titles.slice(0, CHUNK))
            .onConflictDoUpdate({
              target: t.slug,
              set: { title: sql`excluded.title`, day: sql`excluded.day` },
            });
          left.titles.splice(0, CHUNK);
        }
      } catch (error) {
        throw new PartialWrite(left, error);
      }
    },

    async period(from, to) {
      const inPeriod = (day: SQLiteColumn) => and(gte(day, from), lte(day, to));
      const counts = await db
        .select({ measure: c.measure, path: c.path, value: c.value, count: sum(c.count) })
        .from(c)
        .where(inPeriod(c.day))
        .groupBy(c.measure, c.path, c.value);
      const days = await db
        .select({ day: c.day, measure: c.measure, count: sum(c.count) })
        .from(c)
        .where(and(inPeriod(c.day), inArray(c.measure, ['view', 'entry', 'not-found'])))
        .groupBy(c.day, c.measure)
        .orderBy(c.day);
      const vitals = await db
        .select({ kind: v.kind, metric: v.metric, bucket: v.bucket, count: sum(v.count) })
        .from(v)
        .where(inPeriod(v.day))
        .groupBy(v.kind, v.metric, v.bucket);
      const titles = await db.select({ slug: t.slug, title: t.title }).from(t);
      return {
        counts: counts.map((row) => ({
          measure: row.measure as Measure,
          path: row.path,
          value: row.value,
          count: Number(row.count),
        })),
        days: days.map((row) => ({
          day: row.day,
          measure: row.measure as Measure,
          count: Number(row.count),
        })),
        vitals: vitals.map((row) => ({
          kind: row.kind,
          metric: row.metric as VitalMetric,
          bucket: Number(row.bucket),
          count: Number(row.count),
        })),
        titles: new Map(titles.map((row) => [row.slug, row.title])),
      };
    },

    async purge(cutoffDay) {
      const gone = [
        ...(await db.delete(c).where(lt(c.day, cutoffDay)).returning({ day: c.day })),
        ...(await db.delete(v).where(lt(v.day, cutoffDay)).returning({ day: v.day })),
        ...(await db.delete(t).where(lt(t.day, cutoffDay)).returning({ day: t.day })),
      ];
      return gone.length;
    },
  };
}
