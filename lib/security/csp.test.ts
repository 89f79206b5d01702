import { describe, expect, it } from 'vitest';
import { buildCsp, cspSources } from './csp';

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
  it('allows the remote article image hosts in img-src, each by name', () => {
    const policy = directives(buildCsp('abc', cspSources(undefined)));
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://images.unsplash.com',
      'https://drive.google.com',
      'https://lh3.googleusercontent.com',
    ]);
  });

  it('uses no wildcard for images while analytics is off', () => {
    const policy = directives(buildCsp('abc', cspSources(undefined)));
    expect(policy.get('img-src')?.filter((source) => source.includes('*'))).toEqual([]);
  });

  it('keeps the image hosts next to the analytics hosts once analytics is configured', () => {
    const policy = directives(buildCsp('abc', cspSources('G-1')));
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining(['https://images.unsplash.com', 'https://www.googletagmanager.com']),
    );
  });

  it('gives scripts only the nonce, and lets no other directive take the image hosts', () => {
    const policy = directives(buildCsp('abc', cspSources(undefined)));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    for (const [name, sources] of policy)
      if (name !== 'img-src') expect(sources, name).not.toContain('https://images.unsplash.com');
  });
});
