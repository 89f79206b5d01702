/**
 * One database handle per process (lib/db/client.ts): two instances on one PostgreSQL database,
 * under a burst of contact messages and pages, each hold at most their own pool, named after the
 * process, and each migrates the schema once, at start; every message is stored once.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
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

  it('hold at most their pool each, named after their process, migrate once each, and lose no message', async () => {
    let sent = 0;
    const messages: { server: NextServer; address: string; body: string; name: string }[] = [];
    const post = (message: (typeof messages)[number]) =>
      fetch(`${message.server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': message.address },
        body: message.body,
      }).then((response) => ({
        message,
        request: 'POST /api/contact',
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
      }));
    const newPost = (server: NextServer) => {
      const body = validMessage({ submissionId: randomUUID() });
      const message = {
        server,
        address: `198.51.${Math.floor(++sent / 250)}.${(sent % 250) + 1}`,
        body: JSON.stringify(body),
        name: body.name,
      };
      messages.push(message);
      return post(message);
    };
    const get = (server: NextServer, path: string) =>
      fetch(`${server.url}${path}`).then(async (response) => {
        await response.arrayBuffer();
        return { request: `GET ${path}`, status: response.status };
      });

    // Each route once first, so that the burst meets the pools, not the routes' first load.
    for (const answer of await Promise.all(
      servers.flatMap((server) => [newPost(server), get(server, '/fr')]),
    ))
      expect(answer.status, answer.request).toBeLessThan(300);

    // Four times the pool's size of messages at once on each instance, with pages.
    const watching = await watchConnections(url);
    const [posted, pages] = await Promise.all([
      Promise.all(
        servers.flatMap((server) => Array.from({ length: 4 * POOL_SIZE }, () => newPost(server))),
      ),
      Promise.all(servers.flatMap((server) => Array.from({ length: 5 }, () => get(server, '/fr')))),
    ]);
    const held = (await watching.stop()).byName;

    // Every page is served. A message is stored (201), or, when it waited past the pool's 5 s
    // on a busy machine, refused with 503 and a Retry-After, and stored when the form sends it
    // again: here one at a time, as the burst has passed.
    const log = () =>
      servers.map((server) => server.output().match(/^.*(error|unavailable).*$/gim)).join('\n');
    expect(pages.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(
      posted.filter(
        (answer) => answer.status !== 201 && !(answer.status === 503 && answer.retryAfter),
      ),
      log(),
    ).toEqual([]);
    const refused = posted
      .filter((answer) => answer.status === 503)
      .map((answer) => answer.message);
    for (const message of refused) expect((await post(message)).status, log()).toBe(201);
    console.info(
      `[shared-database] ${refused.length} of ${posted.length} messages in the burst were answered 503, each stored when sent again`,
    );
    const stored = new Client({ connectionString: url });
    await stored.connect();
    const { rows } = await stored.query<{ name: string }>('SELECT name FROM contact_messages');
    await stored.end();
    expect(rows.map((row) => row.name).sort()).toEqual(messages.map((m) => m.name).sort());
    for (const server of servers) expect((await get(server, '/api/health')).status).toBe(200);

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
