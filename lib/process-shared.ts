/**
 * Next.js bundles proxy.ts, the pages, route handlers and actions apart, and server.ts is a bundle
 * of its own, each with its own module values: what they must share is kept on `globalThis`.
 */
export function processShared<T extends object>(name: string, create: () => T): T {
  const key = Symbol.for(`sorel-aubry.${name}`);
  const holder = globalThis as { [key: symbol]: T | undefined };
  holder[key] ??= create();
  return holder[key];
}
