import { afterEach, describe, expect, it, vi } from 'vitest';

const KEY = Symbol.for('sorel-aubry.contact.form-token-secret');

/** The module as a new server process sees it: its configuration and key read afresh. */
async function serverProcess(revalidateSecret: string) {
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[KEY];
  vi.stubEnv('REVALIDATE_SECRET', revalidateSecret);
  return import('./form-token');
}

afterEach(() => {
  vi.unstubAllEnvs();
  delete (globalThis as Record<symbol, unknown>)[KEY];
});

describe('the fill-time token across instances', () => {
  it('is recognised by another instance sharing REVALIDATE_SECRET', async () => {
    const rendering = await serverProcess('shared-secret');
    const token = rendering.issueFormToken(1_000_000);
    const receiving = await serverProcess('shared-secret');
    expect(receiving.formAgeMs(token, 1_004_000)).toBe(4_000);
  });

  it('is not recognised by an instance with another secret, nor after a restart without one', async () => {
    const token = (await serverProcess('shared-secret')).issueFormToken(1_000_000);
    expect((await serverProcess('another-secret')).formAgeMs(token, 1_004_000)).toBeNull();
    const unshared = (await serverProcess('')).issueFormToken(1_000_000);
    expect((await serverProcess('')).formAgeMs(unshared, 1_004_000)).toBeNull();
  });

  it('refuses a token whose time was changed', async () => {
    const instance = await serverProcess('shared-secret');
    const [, signature] = instance.issueFormToken(1_000_000).split('.');
    expect(instance.formAgeMs(`900000.${signature}`, 1_004_000)).toBeNull();
  });
});
