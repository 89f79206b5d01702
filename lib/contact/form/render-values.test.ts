import { describe, expect, it } from 'vitest';
import { submissionIdPlaceholder } from '@/lib/security/page-cache';
import { formAgeMs } from './form-token';
import { renderedFormValues } from './render-values';
import { SUBMISSION_ID_PATTERN } from './submission-id';

const placeholder = 'c0ffee'.repeat(8);
const env = process.env;

describe('the values a rendered contact form carries', () => {
  it('for one visitor: a new submission id, and the fill time counted from the render', () => {
    process.env = { ...env, PAGE_CACHE_NONCE_PLACEHOLDER: placeholder };
    try {
      const [a, b] = [renderedFormValues('a-random-nonce', 1_000), renderedFormValues(null, 1_000)];
      expect(a.submissionId).toMatch(SUBMISSION_ID_PATTERN);
      expect(a.submissionId).not.toBe(b.submissionId);
      expect(formAgeMs(a.formToken, 4_000)).toBe(3_000);
    } finally {
      process.env = env;
    }
  });

  it('for nginx’s cache: the placeholder id, and the fill time counted from the latest a copy is served', () => {
    process.env = { ...env, PAGE_CACHE_NONCE_PLACEHOLDER: placeholder };
    try {
      const kept = renderedFormValues(placeholder, 1_000);
      expect(kept.submissionId).toBe(submissionIdPlaceholder(placeholder));
      // Posted the moment a 0-to-3-second-old copy arrives: never older than 0 ms.
      for (const receivedAfter of [0, 1_000, 2_999])
        expect(formAgeMs(kept.formToken, 1_000 + receivedAfter)).toBeLessThanOrEqual(0);
      expect(formAgeMs(kept.formToken, 7_000)).toBe(3_000);
    } finally {
      process.env = env;
    }
  });
});
