import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageHost, type ImageHost } from '@/harness/image-host';
import { freePort } from '@/harness/ports';
import { checkImage, checkImages } from './image-check';

let host: ImageHost;
let origin: string;

beforeAll(async () => {
  host = await startImageHost();
  origin = host.origin;
});

afterAll(() => host.close());

describe('checkImage', () => {
  it('tells an image from a missing file, an HTML page and a redirect to an image', async () => {
    expect(await checkImage(`${origin}/image.jpg`)).toEqual({ kind: 'image' });
    expect(await checkImage(`${origin}/missing.jpg`)).toEqual({ kind: 'http-error', status: 404 });
    expect(await checkImage(`${origin}/page`)).toEqual({
      kind: 'not-image',
      contentType: 'text/html',
    });
    expect(await checkImage(`${origin}/moved`)).toEqual({ kind: 'image' });
  });

  it('judges the bytes, as the page does: an image the site cannot show is not an image', async () => {
    expect(await checkImage(`${origin}/heic`)).toEqual({
      kind: 'not-image',
      contentType: 'image/heic',
    });
  });

  it('gives up on a host that does not answer, at its timeout', async () => {
    // The host never answers: only the timeout can end the check, and the result says it did.
    expect(await checkImage(`${origin}/hang`, { timeoutMs: 300 })).toEqual({
      kind: 'unreachable',
      timedOut: true,
    });
    const closed = `http://127.0.0.1:${await freePort()}/image.jpg`;
    expect(await checkImage(closed)).toEqual({ kind: 'unreachable', timedOut: false });
  });

  it('asks the test origin instead, with the host as the first path segment', async () => {
    const drive = 'https://drive.google.com/uc?export=view&id=private';
    expect(await checkImage(drive, { via: origin })).toEqual({
      kind: 'not-image',
      contentType: 'text/html',
    });
    expect(host.seen).toContain('/drive.google.com/uc?export=view&id=private');
  });
});

describe('checkImages', () => {
  it('asks each address once, a few at a time', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `${origin}/slow/${i}.jpg`);
    const results = await checkImages([...addresses, ...addresses], {
      concurrency: 4,
      rememberMs: 0,
    });
    expect(results.size).toBe(40);
    expect([...results.values()].every((result) => result.kind === 'image')).toBe(true);
    expect(host.seen.filter((path) => path.startsWith('/slow/')).length).toBe(40);
    expect(host.mostOpen()).toBeLessThanOrEqual(4);
    expect(host.mostOpen()).toBeGreaterThan(1);
  });

  it('stops at its deadline: 1,000 hanging images take the deadline, not 1,000 timeouts', async () => {
    // Each check's timeout (5 s) is ten times the deadline: had a check ended by its timeout, it
    // would say 'unreachable'. Every one says the deadline ended it (how long that takes:
    // `npm run bench:resilience`).
    const addresses = Array.from({ length: 1_000 }, (_, i) => `${origin}/hang/${i}.jpg`);
    const results = await checkImages(addresses, { deadlineMs: 500, timeoutMs: 5_000 });
    expect(results.size).toBe(1_000);
    expect([...results.values()].every((result) => result.kind === 'not-checked')).toBe(true);
  });

  it('remembers an address that answered an image, and asks again about one that did not', async () => {
    const good = `${origin}/image-remembered.jpg`;
    const bad = `${origin}/missing-asked-again.jpg`;
    await checkImages([good, bad]);
    const again = await checkImages([good, bad]);
    expect(again.get(good)).toEqual({ kind: 'image' });
    expect(again.get(bad)).toEqual({ kind: 'http-error', status: 404 });
    expect(host.seen.filter((path) => path === '/image-remembered.jpg').length).toBe(1);
    expect(host.seen.filter((path) => path === '/missing-asked-again.jpg').length).toBe(2);
  });
});
