/**
 * One database handle per process (lib/db/client.ts): two instances on one PostgreSQL database,
 * under a burst of contact messages, pages and health checks, each hold at most their own pool,
 * named after the process, and each migrates the schema once, at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_SIZE } from '@/lib/db/client';
import { TestDatabases, validMessage } from '../support/contact';
import { startNextServer, type NextServer } from '../../harness/next-server';
import { watchConnections } from '../../harness/pg-connections';

const databases = new TestDatabases();
const servers: NextServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  databases.stop();
});

describe('two instances on one PostgreSQL database', () => {
  let url: string;
  beforeAll(async () => {
    url = await databases.url('postgres');
    for (let i = 0; i < 2; i += 1)
      servers.push(
        await startNextServer({
          DATABASE_URL: url,
          TRUST_PROXY: 'true',
          SITE_URL: 'http://www.example.test',
        }),
      );
  });

  it('hold at most their pool each, named after their process, and migrate once each', async () => {
    const watching = await watchConnections(url);

    let sent = 0;
    const post = (server: NextServer) =>
      fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.${Math.floor(++sent / 250)}.${(sent % 250) + 1}`,
        },
        body: JSON.stringify(validMessage()),
      }).then((response) => response.status);
    const get = (server: NextServer, path: string) =>
      fetch(`${server.url}${path}`).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    const statuses = await Promise.all(
      servers.flatMap((server) => [
        ...Array.from({ length: 80 }, () => post(server)),
        ...Array.from({ length: 20 }, () => get(server, '/api/health')),
        ...Array.from({ length: 10 }, () => get(server, '/fr')),
      ]),
    );
    const held = (await watching.stop()).byName;

    expect(statuses.filter((status) => status !== 201 && status !== 200)).toEqual([]);
    const names = servers.map((server) => `sorel-aubry-site ${server.process.pid}`);
    console.info(
      `[shared-database] most connections held at once: ${JSON.stringify(Object.fromEntries(held))}`,
    );
    // Every connection of the site's is one of the two instances' pools, within its size.
    expect([...held.keys()].filter((name) => !names.includes(name))).toEqual([]);
    for (const name of names) {
      expect(held.get(name), name).toBeGreaterThanOrEqual(1);
      expect(held.get(name), name).toBeLessThanOrEqual(POOL_SIZE);
    }
    for (const server of servers)
      expect(server.output().match(/\[db\] postgres database open/g)).toHaveLength(1);
  });
});
