import { config } from '@/lib/config';

/**
 * What the site does for nginx's page cache (docs/page-cache.md): a page it keeps is rendered
 * with secret placeholders where a response needs values of its own (the scripts' nonce, the
 * no-JavaScript form's submission id), and nginx replaces them in every response it sends.
 */

/**
 * The request header with which nginx's page cache asks for a page rendered with its nonce
 * placeholder, and the response header that says the page was.
 */
export const PAGE_CACHE_NONCE_HEADER = 'x-page-cache-nonce';

/**
 * How long after its render a kept page may still reach a visitor, the time its replacement
 * takes to render aside: nginx keeps it fresh 1 s, counted in whole seconds (2 s at most), and
 * forgets it once nobody asked for it for 1 s (`inactive=1s`, deploy/nginx). The contact form
 * of a kept page counts its fill time from this much after the render, so that a robot that got
 * an older copy gains nothing (lib/contact/form/render-values.ts), and the articles' 5 minutes
 * hold from the sheet to the visitor (lib/articles/index.ts).
 */
export const KEPT_COPY_MAX_AGE_MS = 3_000;

const PLACEHOLDER_PATTERN = /^[0-9a-f]{32,}$/;

/**
 * The nonce of one response: new and random, except when nginx's page cache asks, with the
 * secret placeholder the deployment shares with it (PAGE_CACHE_NONCE_PLACEHOLDER, hexadecimal),
 * for a page it keeps: then the placeholder, which nginx replaces by a new random value in every
 * response it sends, body and policy alike. A placeholder that anyone could know would let
 * injected markup carrying it receive the real nonce, hence a secret of at least 32 characters.
 */
export function responseNonce(
  requestHeaders: Headers,
  secret = config().PAGE_CACHE_NONCE_PLACEHOLDER,
): { nonce: string; placeholder: boolean } {
  const asked = requestHeaders.get(PAGE_CACHE_NONCE_HEADER);
  if (isKeptRender(asked, secret)) return { nonce: asked, placeholder: true };
  return { nonce: btoa(crypto.randomUUID()), placeholder: false };
}

/**
 * Whether a value (the page cache's request header, or the nonce the proxy gave a page) is the
 * deployment's placeholder: the page is rendered for the page cache. Only nginx, which knows
 * the secret, can ask for such a render.
 */
export function isKeptRender(
  value: string | null | undefined,
  secret = config().PAGE_CACHE_NONCE_PLACEHOLDER,
): value is string {
  return (
    secret !== undefined &&
    PLACEHOLDER_PATTERN.test(secret) &&
    typeof value === 'string' &&
    sameText(value, secret)
  );
}

/**
 * The submission id a kept page's form carries in place of its own: a version-4 UUID made of
 * the nonce placeholder's first 32 digits. nginx derives the same text from the placeholder with
 * the same rule, and replaces it with a UUID made the same way from $request_id, so every
 * response has an id of its own (deploy/nginx/sorel-aubry-avocats.conf, the page cache's maps).
 */
export function submissionIdPlaceholder(noncePlaceholder: string): string {
  const match =
    /^([0-9a-f]{8})([0-9a-f]{4})[0-9a-f]([0-9a-f]{3})[0-9a-f]([0-9a-f]{3})([0-9a-f]{12})/.exec(
      noncePlaceholder,
    );
  if (!match) throw new Error('the page cache placeholder must be at least 32 hexadecimal digits');
  const [, a, b, c, d, e] = match;
  return `${a}-${b}-4${c}-8${d}-${e}`;
}

/** Compares in a time that does not depend on where the texts differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
