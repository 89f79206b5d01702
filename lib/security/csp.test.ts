import { describe, expect, it } from 'vitest';
import { buildCsp, cspSources } from './csp';

/** The hosts a caller allows for images (proxy.ts passes the articles' own). */
const imageHosts = ['images.example', 'photos.example'];

/** The policy as the browser reads it: directive name → its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

describe('Content-Security-Policy of the pages', () => {
  it('allows the image hosts it is given in img-src, each by name', () => {
    const policy = directives(buildCsp('abc', cspSources(undefined, imageHosts)));
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://images.example',
      'https://photos.example',
    ]);
  });

  it('uses no wildcard for images while analytics is off', () => {
    const policy = directives(buildCsp('abc', cspSources(undefined, imageHosts)));
    expect(policy.get('img-src')?.filter((source) => source.includes('*'))).toEqual([]);
  });

  it('keeps the image hosts next to the analytics hosts once analytics is configured', () => {
    const policy = directives(buildCsp('abc', cspSources('G-1', imageHosts)));
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(['https://images.example', 'https://www.googletagmanager.com']),
    );
  });

  it('gives scripts only the nonce, and lets no other directive take the image hosts', () => {
    const policy = directives(buildCsp('abc', cspSources(undefined, imageHosts)));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    for (const [name, sources] of policy)
      if (name !== 'img-src') expect(sources, name).not.toContain('https://images.example');
  });
});
