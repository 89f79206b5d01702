// @ts-check
// Bundles the server entry (server.ts) into dist/server.mjs, which `npm start`, the systemd unit,
// the tests and the bench run with plain Node.js: no loader at start, no TypeScript at run time.
// Run by `npm run build` after `next build`, and by `npm run dev`. The bundle holds the entry and
// the project's modules it imports (lib/…, `@/` paths resolved); packages stay in node_modules,
// loaded as Node.js loads them, Next.js among them. `server-only` marks modules that must never
// reach a browser; the entry is not one, so the marker is replaced by an empty module here.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

await build({
  entryPoints: [`${root}server.ts`],
  outfile: `${root}dist/server.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  plugins: [serverOnlyMarker()],
  tsconfig: `${root}tsconfig.json`,
  sourcemap: 'linked',
  logLevel: 'warning',
});

/** `import 'server-only'` becomes nothing. @returns {import('esbuild').Plugin} */
function serverOnlyMarker() {
  return {
    name: 'server-only-marker',
    setup(build) {
      build.onResolve({ filter: /^server-only$/ }, () => ({
        path: 'server-only',
        namespace: 'marker',
      }));
      build.onLoad({ filter: /.*/, namespace: 'marker' }, () => ({ contents: '' }));
    },
  };
}
