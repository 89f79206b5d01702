import 'server-only';
import { config } from '@/lib/config';
import { readLimited } from '@/lib/http/read-limited';
import { imageFetchTarget, imageType } from './image-check';
import { describe } from '@/lib/errors';

/** A remote image is given up after this long, and above this size. */
const FETCH_TIMEOUT_MS = 8_000;
const MAX_BYTES = 10 * 1024 * 1024;

export interface LoadedImage {
  body: Uint8Array;
  contentType: string;
}

/** null, logged, when the host fails or answers no image: the reader gets the fallback instead. */
export async function loadRemoteImage(address: string): Promise<LoadedImage | null> {
  const origin = config().ARTICLE_IMAGE_ORIGIN;
  const target = imageFetchTarget(address, origin);
  const give = (reason: string) => {
    console.warn(`[articles] image ${address} not shown (${reason}): fallback image used`);
    return null;
  };
  try {
    const response = await fetch(target, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'image/avif,image/webp,image/*' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return give(`HTTP ${response.status}`);
    }
    const body = await readLimited(response.body, MAX_BYTES);
    if (!body || body.byteLength === 0) return give(`empty or over ${MAX_BYTES / 1024 / 1024} MB`);
    const contentType = imageType(body);
    if (!contentType) return give(`not an image: ${response.headers.get('content-type') ?? '?'}`);
    return { body, contentType };
  } catch (error) {
    return give(describe(error));
  }
}
