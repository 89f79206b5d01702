/**
 * The cookie that records a visitor's objection to the audience measurement (docs/behaviour.md,
 * Audience measurement), named in shared ground for the cookie table (lib/content/cookies.ts) and
 * the measurement (lib/audience/objection.ts).
 */
export const OBJECTION_COOKIE = 'sa-audience';
