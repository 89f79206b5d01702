import 'server-only';
import http from 'node:http';

/** Sees a server event before Next.js does; `true` means it was answered here and goes no further. */
type ServerEventHook = (server: http.Server, event: string | symbol, args: unknown[]) => boolean;

const HOOKS = Symbol.for('sorel-aubry.server.event-hooks');

/**
 * Runs `hook` on every event of every HTTP server before its own listeners, which Next.js
 * registered before this code could load. One wrapper of `Server.prototype.emit` serves all the
 * hooks: the last one added runs first. A name is added once, so a second call (instrumentation
 * runs again in development) changes nothing.
 */
export function beforeServerEvents(name: string, hook: ServerEventHook): void {
  const proto = http.Server.prototype as http.Server & { [HOOKS]?: Map<string, ServerEventHook> };
  let hooks = proto[HOOKS];
  if (!hooks) {
    const installed = new Map<string, ServerEventHook>();
    hooks = installed;
    proto[HOOKS] = installed;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      for (const run of [...installed.values()].reverse()) if (run(this, event, args)) return true;
      return Reflect.apply(emit, this, [event, ...args]) as boolean;
    } as typeof proto.emit;
  }
  if (!hooks.has(name)) hooks.set(name, hook);
}
