import 'server-only';
import { formAgeMs } from './form-token';

/**
 * A suspicious submission is stored, not e-mailed: a genuine one can be released, never lost.
 * 2 s from the first interaction (the page's load does not count; a robot fills every field at
 * once); without JavaScript, 3 s from the signed render. The browser's figure, capped by the
 * token's, can only make a message more suspicious.
 */
export const MIN_FILL_TIME_MS = { sinceFirstInteraction: 2_000, sinceDisplay: 3_000 } as const;

const MAX_REPORTED_VALUE = 200;

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
