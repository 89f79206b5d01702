/**
 * Retention periods the privacy policy states (through `legalFacts`) and a feature's purge
 * applies: one number for both, so the text and the purge cannot disagree. Here, on shared
 * ground, since the legal texts may not import a feature (docs/architecture.md, "The folders'
 * layers").
 */

/** An address not confirmed within this many days of its confirmation e-mail is deleted. */
export const UNCONFIRMED_SUBSCRIBER_DAYS = 7;
