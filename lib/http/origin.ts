/** Allowed: no Origin (unless Sec-Fetch-Site says cross-site), the request's own origin, or SITE_URL. */
export function isSameSiteRequest(headers: Headers, siteUrl: string): boolean {
  const origin = headers.get('origin');
  if (origin === null) return headers.get('sec-fetch-site') !== 'cross-site';
  let claimed: string;
  try {
    claimed = new URL(origin).origin;
  } catch {
    return false; // includes the opaque origin 'null'
  }
  if (claimed === new URL(siteUrl).origin) return true;
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  const proto = headers.get('x-forwarded-proto') ?? 'http';
  if (!host) return false;
  const candidates = new Set([`${proto}://${host}`, `http://${host}`, `https://${host}`]);
  try {
    return [...candidates].some((candidate) => new URL(candidate).origin === claimed);
  } catch {
    return false;
  }
}
