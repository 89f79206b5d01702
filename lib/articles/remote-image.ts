import 'server-only';
import { config } from '@/lib/config';
import { readLimited } from '@/lib/http/read-limited';
import { imageFetchTarget } from './image-check';

/** A remote image is given up after this long, and above this size. */
const FETCH_TIMEOUT_MS = 8_000;
const MAX_BYTES = 10 * 1024 * 1024;

export interface LoadedImage {
  body: Uint8Array;
  contentType: string;
}

/**
 * The formats the image optimiser turns into AVIF or WebP, recognised by their first bytes: a
 * host may answer 200 with an HTML page (a Drive file that is not shared publicly does), and
 * only the bytes tell.
 */
function imageType(bytes: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return null;
}

/**
 * The article image at `address` (an Unsplash or Google Drive address, see images.ts), or null
 * with the reason logged when the host fails, answers something that is not an image, is too
 * slow or too big. The reader then gets the fallback image instead of a broken one.
 */
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
    return give(error instanceof Error ? error.message : String(error));
  }
}
