/**
 * For the row report only, the pages never wait on it: a Drive file not shared publicly answers a
 * sign-in page, not an image. A deadline keeps a sheet of 1,000 rows from holding the report up.
 */

export type ImageCheck =
  | { kind: 'image' }
  /** 2xx with something the site cannot show: an HTML page, a HEIC photo. */
  | { kind: 'not-image'; contentType: string }
  | { kind: 'http-error'; status: number }
  | { kind: 'unreachable'; timedOut: boolean }
  | { kind: 'not-checked' };

export const IMAGE_CHECK_TIMEOUT_MS = 5_000;
export const IMAGE_CHECK_CONCURRENCY = 8;
export const IMAGE_CHECK_DEADLINE_MS = 20_000;
/** An address that answered an image is not asked again for this long (problems always are). */
export const IMAGE_CHECK_REMEMBER_MS = 10 * 60_000;

export interface ImageCheckOptions {
  timeoutMs?: number;
  concurrency?: number;
  deadlineMs?: number;
  rememberMs?: number;
  /** Tests only (ARTICLE_IMAGE_ORIGIN). */
  via?: string;
}

const knownImages = new Map<string, number>();

/** In tests, the loopback host plays every image host: {via}/drive.google.com/uc?id=x. */
export function imageFetchTarget(address: string, via: string | undefined): string {
  if (!via) return address;
  const url = new URL(address);
  return `${via.replace(/\/+$/, '')}/${url.host}${url.pathname}${url.search}`;
}

/**
 * Only the first bytes tell: a host may answer 200 with an HTML page or a HEIC. The page's loader
 * (remote-image.ts) and the row report decide with this one test.
 */
export function imageType(bytes: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'image/avif';
  return null;
}

/** GET, not HEAD: Drive answers HEAD differently. */
export async function checkImage(
  address: string,
  {
    timeoutMs = IMAGE_CHECK_TIMEOUT_MS,
    via,
    signal,
  }: ImageCheckOptions & { signal?: AbortSignal } = {},
): Promise<ImageCheck> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(imageFetchTarget(address, via), {
      headers: { accept: 'image/*' },
      redirect: 'follow',
      cache: 'no-store',
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { kind: 'http-error', status: response.status };
    }
    const head = await firstBytes(response, 12);
    if (imageType(head)) return { kind: 'image' };
    const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
    return { kind: 'not-image', contentType: contentType.split(';')[0]?.trim() ?? '' };
  } catch {
    if (signal?.aborted) return { kind: 'not-checked' };
    return { kind: 'unreachable', timedOut: timeout.aborted };
  }
}

async function firstBytes(response: Response, count: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < count) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).subarray(0, count);
}

export async function checkImages(
  addresses: readonly string[],
  options: ImageCheckOptions = {},
): Promise<Map<string, ImageCheck>> {
  const {
    concurrency = IMAGE_CHECK_CONCURRENCY,
    deadlineMs = IMAGE_CHECK_DEADLINE_MS,
    rememberMs = IMAGE_CHECK_REMEMBER_MS,
  } = options;
  const results = new Map<string, ImageCheck>();
  const now = Date.now();
  for (const [address, until] of knownImages) if (until <= now) knownImages.delete(address);
  const queue = [...new Set(addresses)].filter((address) => {
    if (!knownImages.has(address)) return true;
    results.set(address, { kind: 'image' });
    return false;
  });
  const deadline = AbortSignal.timeout(deadlineMs);
  const worker = async () => {
    for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
      const result = deadline.aborted
        ? ({ kind: 'not-checked' } as const)
        : await checkImage(address, { ...options, signal: deadline });
      results.set(address, result);
      if (result.kind === 'image' && rememberMs > 0)
        knownImages.set(address, Date.now() + rememberMs);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}
