'use client';

import { useActionState, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/use-toast';
import { trackEvent } from '@/lib/analytics/events';
import { sendContactForm } from '@/lib/contact/form/actions';
import { emptyContactValues, initialContactFormState } from '@/lib/contact/form/form-state';
import type { ContactValidationMessages } from '@/lib/contact/form/fields';
import { newSubmissionId } from '@/lib/contact/form/submission-id';
import { apiRequest, HttpError } from '@/lib/http/api-request';
import type { Messages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import { useContactFields } from './use-contact-fields';

/** Toasts load with the first focus too, so the notification region (F8) exists before one. */
export const loadToaster = () => import('@/components/ui/toaster');

/**
 * Sending the form. With JavaScript it posts JSON to /api/contact, sends again after a network or
 * proxy failure, and answers with a toast; without, the form posts to the Server Action whose
 * answer (`serverState`) the page shows inline.
 */
export function useContactForm({
  locale,
  validation,
  toastTexts,
  formToken,
}: {
  locale: Locale;
  validation: ContactValidationMessages;
  toastTexts: Messages['contact']['toast'];
  formToken: string;
}) {
  const [serverState, formAction] = useActionState(sendContactForm, initialContactFormState);
  const { formRef, ...fields } = useContactFields(serverState, validation);
  const [pending, setPending] = useState(false);
  const submitting = useRef(false);
  // When the visitor first focused or typed in the form: the anti-spam fill time counts from
  // here, not from the page's render (the load and the welcome screen are not filling time).
  const firstInteraction = useRef<number | null>(null);
  const noteInteraction = () => {
    firstInteraction.current ??= performance.now();
  };
  // The message being sent and its id, kept until it is accepted: sent again unchanged (by the
  // automatic retry or by the visitor after an error), it carries the same id, and the server
  // stores it once even if an earlier copy arrived and only its answer was lost.
  const attempt = useRef<{ id: string; content: string } | null>(null);

  const send = async (formElement: HTMLFormElement) => {
    if (!(await fields.validateAll())) return;
    setPending(true);
    void loadToaster();
    const { values } = fields;
    // No interaction seen (values restored by the browser without an event): no figure, and the
    // server times the form from its signed display time instead.
    const fillMs =
      firstInteraction.current === null
        ? undefined
        : Math.round(performance.now() - firstInteraction.current);
    const content = JSON.stringify(values);
    if (attempt.current?.content !== content) attempt.current = { id: newSubmissionId(), content };
    const website = new FormData(formElement).get('website') ?? '';
    const payload = {
      ...values,
      locale,
      website,
      formToken,
      fillMs,
      submissionId: attempt.current.id,
    };
    try {
      await withRetries(() => apiRequest('POST', '/api/contact', payload));
      attempt.current = null;
      firstInteraction.current = null;
      fields.reset(emptyContactValues);
      toast({ title: toastTexts.successTitle, description: toastTexts.successText });
      trackEvent('contact_form_submission', 'engagement', 'Contact Form');
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? error.fieldErrors() : {};
      if (Object.keys(fieldErrors).length > 0) fields.setErrors(fieldErrors);
      toast({
        variant: 'destructive',
        title: toastTexts.errorTitle,
        description: toastTexts.errorText.replace(
          '{reason}',
          reasonOf(error, toastTexts.unknownError),
        ),
      });
    } finally {
      setPending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || submitting.current) return;
    submitting.current = true;
    try {
      await send(event.currentTarget);
    } finally {
      submitting.current = false;
    }
  };

  return { serverState, formAction, fields, formRef, pending, onSubmit, noteInteraction };
}

/** Pauses before each automatic resend of a message whose sending failed on the way. */
const RESEND_DELAYS_MS = [1_000, 3_000] as const;

/**
 * Sends, and sends again after a pause when the failure may have happened on the way: the network
 * dropped (a phone changing cells) or a proxy answered for a server that was restarting (502,
 * 503, 504). The message's id makes a resend harmless. Any other answer (invalid fields, the
 * rate limit) is final and shown at once.
 */
async function withRetries(send: () => Promise<unknown>): Promise<void> {
  for (let resend = 0; ; resend += 1) {
    try {
      await send();
      return;
    } catch (error) {
      const onTheWay = !(error instanceof HttpError) || [502, 503, 504].includes(error.status);
      const delay = RESEND_DELAYS_MS[resend];
      if (!onTheWay || delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The server's own words for an HTTP error (already in the visitor's language), else its
 * 'status: body'. Any other failure (the network is down, the request was cut) carries the
 * browser's English text, so the visitor gets the translated fallback instead.
 */
function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.serverMessage() ?? error.message;
  return fallback;
}
