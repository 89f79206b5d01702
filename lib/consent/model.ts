/**
 * The consent model shared by the banner and by everything it gates (docs/behaviour.md, Cookie
 * consent; CNIL rules). The banner stores 'accepted' (365 days: a choice was made, refusing
 * everything included) or 'dismissed' (1 day: closed without a choice) under cookieConsent, and the
 * chosen categories in a second cookie, so that 'accepted' with analytics unticked means no
 * analytics.
 */
export const CONSENT_COOKIE = 'cookieConsent';
export const CONSENT_CATEGORIES_COOKIE = 'cookieConsentCategories';
export const CONSENT_ACCEPT_DAYS = 365;
export const CONSENT_DISMISS_DAYS = 1;
export const CONSENT_BANNER_DELAY_MS = 1500;

export const consentCategories = ['necessary', 'functional', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type ConsentStatus = 'accepted' | 'dismissed';

/** Fired on window when the visitor's choice changes; gated features listen to it. */
export const CONSENT_CHANGE_EVENT = 'sa:consent-change';
/** Fired on window to reopen the banner ('Cookie settings' links). */
export const OPEN_CONSENT_EVENT = 'sa:open-consent';

export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** The categories the visitor allowed; silence or refusal allows only the necessary ones. */
export function grantedCategories(cookieString: string): Set<ConsentCategory> {
  const granted = new Set<ConsentCategory>(['necessary']);
  if (readCookie(cookieString, CONSENT_COOKIE) !== 'accepted') return granted;
  const stored = readCookie(cookieString, CONSENT_CATEGORIES_COOKIE);
  for (const category of (stored ?? '').split(',')) {
    if ((consentCategories as readonly string[]).includes(category))
      granted.add(category as ConsentCategory);
  }
  return granted;
}

/** The stored status, if any: a 'dismissed' cookie past its day is gone, so it reads as none. */
export function storedConsentStatus(cookieString: string): ConsentStatus | undefined {
  const value = readCookie(cookieString, CONSENT_COOKIE);
  return value === 'accepted' || value === 'dismissed' ? value : undefined;
}

/** The banner asks again only when the visitor has no choice in force (neither accepted nor dismissed today). */
export function needsConsentChoice(cookieString: string): boolean {
  return storedConsentStatus(cookieString) === undefined;
}

export interface CookieOptions {
  /** Lifetime in days; 0 or less deletes the cookie. */
  days: number;
  secure: boolean;
  now?: number;
  domain?: string;
}

/** One Set-Cookie string for document.cookie: Path=/, SameSite=Lax, Secure on https. */
export function cookieAssignment(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.days > 0) {
    const expires = new Date((options.now ?? Date.now()) + options.days * 86_400_000);
    parts.push(`Max-Age=${Math.round(options.days * 86_400)}`, `Expires=${expires.toUTCString()}`);
  } else {
    parts.push('Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** What a choice stores: 'accepted' keeps the ticked categories; a refusal keeps only the necessary. */
export function consentCookies(
  status: ConsentStatus,
  categories: Iterable<ConsentCategory>,
): { status: ConsentStatus; categories: string; days: number } {
  const chosen = new Set<ConsentCategory>(status === 'accepted' ? categories : []);
  chosen.add('necessary');
  return {
    status,
    categories: consentCategories.filter((category) => chosen.has(category)).join(','),
    days: status === 'accepted' ? CONSENT_ACCEPT_DAYS : CONSENT_DISMISS_DAYS,
  };
}

/** Google Analytics cookies (_ga, _ga_<container>, and the older _gid/_gat) present in a cookie string. */
export function analyticsCookieNames(cookieString: string): string[] {
  const names = new Set<string>();
  for (const part of cookieString.split(';')) {
    const name = part.trim().split('=')[0] ?? '';
    if (/^(_ga|_ga_[A-Za-z0-9]+|_gid|_gat(_.+)?)$/.test(name)) names.add(name);
  }
  return [...names];
}

/**
 * The Domain values a cookie set for this host may carry: none (host-only), then the host and each
 * parent domain down to two labels (GA writes its cookies on the registrable domain). An IP address
 * or a single-label host such as 'localhost' has no parent domain.
 */
export function cookieDomainsFor(hostname: string): (string | undefined)[] {
  const domains: (string | undefined)[] = [undefined];
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.'))
    return domains;
  const labels = hostname.split('.');
  for (let start = 0; start <= labels.length - 2; start++) {
    const domain = labels.slice(start).join('.');
    domains.push(domain);
  }
  return domains;
}
