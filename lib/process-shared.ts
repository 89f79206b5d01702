/**
 * One value per server process, shared by every bundle that imports this module. Next.js bundles
 * proxy.ts, the pages, the route handlers and the Server Actions apart, and the server entry
 * (server.ts) is a bundle of its own: each holds its own copy of a module and of its module
 * values. What they must share (the articles in memory, the database, the outbox worker, the
 * contact rate limit's counts, the form token's key) is kept here, on `globalThis` under a name
 * of ours. Anything else is an ordinary module value.
 */
export function processShared<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`sorel-aubry.${name}`);
  const holder = globalThis as { [key: symbol]: T | undefined };
  holder[key] ??= create();
  return holder[key];
}
