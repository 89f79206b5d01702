// The floors of `npm run bench` (docs/measuring.md, "Floors and targets"): bench/floor, a Next.js
// app of its own with a bare page and the same with the hero's image, built here into its own
// folder and served by `next start` behind the shipped nginx site, as the site's pages are
// served. It is never part of the site's build.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNginx } from '../scripts/nginx.mjs';
import { freePort } from './unit-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = path.join(root, 'bench/floor');
const next = path.join(root, 'node_modules/next/dist/bin/next');
const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };

/**
 * Builds the floors' app and starts it behind its own nginx; resolves with its HTTPS address,
 * its certificate, how long the build took, and `stop()`.
 */
export async function startFloors({ noncePlaceholder }) {
  const started = performance.now();
  execFileSync(process.execPath, [next, 'build', app], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const buildSeconds = (performance.now() - started) / 1000;
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [next, 'start', app, '-p', String(port), '-H', 'localhost'],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/bench-floor`)).ok) break;
    } catch {
      if (i > 200) throw new Error('the floors did not answer');
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const nginx = await startNginx({ upstreamPorts: [port], noncePlaceholder });
  return {
    url: nginx.httpsUrl,
    directUrl: `http://127.0.0.1:${port}`,
    certFile: nginx.certFile,
    buildSeconds,
    child,
    stop: async () => {
      await nginx.stop();
      child.kill('SIGTERM');
    },
  };
}
