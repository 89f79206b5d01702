import 'server-only';
import { formAgeMs } from './form-token';

/**
 * The anti-spam rules. A submission they judge suspicious is still stored, with the reason, but
 * not e-mailed (lib/contact/form/submission.ts): a genuine enquiry caught by mistake can be found
 * and released (`npm run messages -- --suspected`, `--release <id>`), never lost.
 *
 * Fill time. With JavaScript the form measures the time from the visitor's first interaction
 * with it (focus or input) to sending (`fillMs`): what the page's load and the welcome screen
 * took does not count, so 2 seconds suffice (a person types at least a 10-character message;
 * a robot fills every field at once). Without JavaScript only the signed render time of the
 * page is known (`formToken`), and reading the page counts too: 3 seconds from display. The
 * browser's figure can only make a message more suspicious, never less: it is capped by the
 * time since the render when the token is valid.
 */
export const MIN_FILL_TIME_MS = { sinceFirstInteraction: 2_000, sinceDisplay: 3_000 } as const;

const MAX_REPORTED_VALUE = 200;

/** Why this submission looks like spam, in words for the firm, or null when it does not. */
export function suspicionReason(input: unknown, now: number): string | null {
  const extras = (input ?? {}) as { website?: unknown; formToken?: unknown; fillMs?: unknown };
  const reasons: string[] = [];
  if (extras.website !== undefined && extras.website !== null && extras.website !== '') {
    const value =
      typeof extras.website === 'string' ? extras.website : JSON.stringify(extras.website);
    reasons.push(`hidden field filled (${JSON.stringify(value.slice(0, MAX_REPORTED_VALUE))})`);
  }
  const fill = fillTime(extras, now);
  if (fill) reasons.push(fill);
  return reasons.length > 0 ? reasons.join('; ') : null;
}

function fillTime(extras: { formToken?: unknown; fillMs?: unknown }, now: number): string | null {
  const sinceDisplay = formAgeMs(extras.formToken, now);
  const measured =
    typeof extras.fillMs === 'number' && Number.isFinite(extras.fillMs) && extras.fillMs >= 0
      ? Math.round(extras.fillMs)
      : null;
  if (measured !== null) {
    const fill = sinceDisplay === null ? measured : Math.min(measured, sinceDisplay);
    return fill < MIN_FILL_TIME_MS.sinceFirstInteraction
      ? `sent ${fill} ms after the first interaction with the form (minimum ${MIN_FILL_TIME_MS.sinceFirstInteraction} ms)`
      : null;
  }
  if (sinceDisplay !== null && sinceDisplay < MIN_FILL_TIME_MS.sinceDisplay)
    return `sent ${sinceDisplay} ms after the form was displayed, with no interaction time from the browser (minimum ${MIN_FILL_TIME_MS.sinceDisplay} ms)`;
  return null;
}
