import { Client } from 'pg';

/**
 * Reads `pg_stat_activity` in a loop on a connection of its own until stopped: the most
 * connections to the database held at once, by `application_name` and in all.
 */
export async function watchConnections(url: string) {
  const sampler = new Client({ connectionString: url, application_name: 'connection watcher' });
  await sampler.connect();
  const byName = new Map<string, number>();
  let inAll = 0;
  let watching = true;
  const loop = (async () => {
    while (watching) {
      const { rows } = await sampler.query<{ name: string; n: string }>(
        `SELECT application_name AS name, count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY 1`,
      );
      let all = 0;
      for (const { name, n } of rows) {
        byName.set(name, Math.max(byName.get(name) ?? 0, Number(n)));
        all += Number(n);
      }
      inAll = Math.max(inAll, all);
      // A pool's connections stay open for seconds: a sample every 20 ms sees each, and leaves
      // the CPU to the servers it watches instead of keeping a PostgreSQL backend busy.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    /** Stops watching: the most held at once. */
    stop: async () => {
      watching = false;
      await loop;
      await sampler.end();
      return { byName, inAll };
    },
  };
}
