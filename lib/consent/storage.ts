import {
  analyticsCookieNames,
  CONSENT_CATEGORIES_COOKIE,
  CONSENT_CHANGE_EVENT,
  CONSENT_COOKIE,
  consentCookies,
  cookieAssignment,
  cookieDomainsFor,
  grantedCategories,
  readCookie,
  type ConsentCategory,
  type ConsentStatus,
} from './model';

/** The parts of the browser the consent store touches; tests hand in a cookie jar of their own. */
export interface ConsentEnvironment {
  document: { cookie: string };
  location: { protocol: string; hostname: string };
  /** Tells gated features that the choice changed. */
  notify: () => void;
  /** The clock the cookies' Expires date is computed from; Date.now in the browser. */
  now?: () => number;
}

function browserEnvironment(): ConsentEnvironment {
  return {
    document,
    location: window.location,
    notify: () => window.dispatchEvent(new Event(CONSENT_CHANGE_EVENT)),
  };
}

/** Deletes the Google Analytics cookies on this host and on each parent domain. */
export function removeAnalyticsCookies(environment: ConsentEnvironment = browserEnvironment()) {
  const secure = environment.location.protocol === 'https:';
  for (const name of analyticsCookieNames(environment.document.cookie)) {
    for (const domain of cookieDomainsFor(environment.location.hostname)) {
      environment.document.cookie = cookieAssignment(name, '', { days: 0, secure, domain });
    }
  }
}

/**
 * Stores the visitor's choice: 'accepted' for 365 days, 'dismissed' for 1 day, and
 * the granted categories beside it. The cookies are read back: if the browser dropped them the
 * choice is not stored and the answer is false, so the banner stays open.
 */
export function saveConsent(
  status: ConsentStatus,
  categories: Iterable<ConsentCategory>,
  environment: ConsentEnvironment = browserEnvironment(),
): boolean {
  const choice = consentCookies(status, categories);
  const options = {
    days: choice.days,
    secure: environment.location.protocol === 'https:',
    now: (environment.now ?? Date.now)(),
  };
  environment.document.cookie = cookieAssignment(
    CONSENT_CATEGORIES_COOKIE,
    choice.categories,
    options,
  );
  environment.document.cookie = cookieAssignment(CONSENT_COOKIE, choice.status, options);
  const stored = environment.document.cookie;
  if (
    readCookie(stored, CONSENT_COOKIE) !== choice.status ||
    readCookie(stored, CONSENT_CATEGORIES_COOKIE) !== choice.categories
  )
    return false;
  // Withdrawing (or never giving) analytics consent leaves no analytics cookie behind.
  if (!grantedCategories(stored).has('analytics')) removeAnalyticsCookies(environment);
  environment.notify();
  return true;
}
