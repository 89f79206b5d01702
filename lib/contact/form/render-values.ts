import 'server-only';
import {
  isKeptRender,
  KEPT_COPY_MAX_AGE_MS,
  submissionIdPlaceholder,
} from '@/lib/security/page-cache';
import { issueFormToken } from './form-token';
import { newSubmissionId } from './submission-id';

/**
 * The hidden values a rendered form carries: its fill-time token and its submission id.
 *
 * A home page rendered for nginx's page cache (its nonce is the placeholder) is sent to many
 * visitors (docs/page-cache.md): its submission id is a placeholder that nginx replaces with a
 * new id in every response, and its token dates the form from the latest moment a copy may
 * still be served, so that the fill-time check is never shorter for a robot than on a page
 * rendered for it (a person takes far longer than the few seconds this adds).
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
