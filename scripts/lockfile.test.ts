import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(path.resolve(__dirname, '../package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** Where Node.js would find `name` from the package at `from`: its own node_modules, then up. */
function locate(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

// `npm ci` refuses a lockfile that lacks an optional package some dependency declares, on any
// platform (a Mac's, a Windows build server's): the lockfile must hold every platform's.
describe('package-lock.json', () => {
  it('holds every optional dependency that a locked package declares, for every platform', () => {
    const missing: string[] = [];
    for (const [at, locked] of Object.entries(lock.packages)) {
      for (const name of Object.keys(locked.optionalDependencies ?? {})) {
        if (!locate(at, name)) missing.push(`${at || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('holds the native builds of Next.js and Tailwind for Linux, macOS and Windows, x64 and arm64', () => {
    const platforms = [
      'linux-x64-gnu',
      'linux-arm64-gnu',
      'darwin-x64',
      'darwin-arm64',
      'win32-x64-msvc',
      'win32-arm64-msvc',
    ];
    for (const platform of platforms) {
      expect(lock.packages[`node_modules/@next/swc-${platform}`], platform).toBeDefined();
      expect(lock.packages[`node_modules/@tailwindcss/oxide-${platform}`], platform).toBeDefined();
    }
  });
});
