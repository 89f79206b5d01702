import 'server-only';
import {
  isKeptRender,
  KEPT_COPY_MAX_AGE_MS,
  submissionIdPlaceholder,
} from '@/lib/security/page-cache';
import { issueFormToken } from './form-token';
import { newSubmissionId } from './submission-id';

/**
 * A page kept by nginx (docs/page-cache.md) gets a placeholder id that nginx replaces in each
 * response, and a token dated from the copy's last moment: the fill-time check is never shorter
 * for a robot than on a page rendered for it.
 */
export function renderedFormValues(
  nonce: string | null,
  now = Date.now(),
): { formToken: string; submissionId: string } {
  if (isKeptRender(nonce))
    return {
      formToken: issueFormToken(now + KEPT_COPY_MAX_AGE_MS),
      submissionId: submissionIdPlaceholder(nonce),
    };
  return { formToken: issueFormToken(now), submissionId: newSubmissionId() };
}
