/**
 * A contact submission's own identifier, chosen by the sender (the form in the browser, or the
 * page for the no-JavaScript form) and sent with the message. The message is stored under it, so
 * sending the same message again with the same identifier stores nothing more: the form can
 * resend after a network failure, or an answer lost on the way back, without a duplicate.
 */
export const SUBMISSION_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A random version-4 UUID. From `crypto.getRandomValues`, which browsers offer on plain HTTP too
 * (unlike `crypto.randomUUID`), and Node.js as well.
 */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The identifier a payload carries: undefined when it carries none (a caller of the API that
 * does not use one), null when it carries one that is not a version-4 UUID.
 */
export function submissionIdOf(input: unknown): string | null | undefined {
  const value =
    input !== null && typeof input === 'object'
      ? (input as { submissionId?: unknown }).submissionId
      : undefined;
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && SUBMISSION_ID_PATTERN.test(value) ? value : null;
}
