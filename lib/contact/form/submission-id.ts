/** Chosen by the sender and stored as the message's id: a resend after a lost answer stores nothing more. */
export const SUBMISSION_ID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** crypto.getRandomValues, which browsers offer on plain HTTP too (unlike crypto.randomUUID). */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** undefined: none given (an API caller may not use one); null: not a version-4 UUID. */
export function submissionIdOf(input: unknown): string | null | undefined {
  const value =
    input !== null && typeof input === 'object'
      ? (input as { submissionId?: unknown }).submissionId
      : undefined;
  if (value === undefined || value === '') return undefined;
  return typeof value === 'string' && SUBMISSION_ID_PATTERN.test(value) ? value : null;
}
