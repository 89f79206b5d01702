import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSubmissionId, SUBMISSION_ID_PATTERN, submissionIdOf } from './submission-id';

describe('submission ids', () => {
  it('makes distinct version-4 UUIDs, in the form Node.js itself makes them', () => {
    const ids = Array.from({ length: 1_000 }, newSubmissionId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(SUBMISSION_ID_PATTERN);
    expect(randomUUID()).toMatch(SUBMISSION_ID_PATTERN);
  });

  it('reads the id a payload carries: none, a valid one, or a malformed one', () => {
    const id = newSubmissionId();
    expect(submissionIdOf({ submissionId: id })).toBe(id);
    for (const payload of [{}, { submissionId: '' }, null, 'text'])
      expect(submissionIdOf(payload)).toBeUndefined();
    for (const submissionId of [
      'not-a-uuid',
      id.toUpperCase(),
      `${id} `,
      '00000000-0000-1000-8000-000000000000',
      42,
      { id },
    ])
      expect(submissionIdOf({ submissionId })).toBeNull();
  });
});
