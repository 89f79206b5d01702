/**
 * The consent model shared by the banner and by everything it gates (SPEC 3.4, 4; CNIL rules).
 * The banner stores 'accepted' (365 days) or 'dismissed' (1 day) under cookieConsent, and the
 * chosen categories in a second cookie, so that 'accepted' with analytics unticked means no analytics.
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

function readCookie(cookieString: string, name: string): string | undefined {
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
