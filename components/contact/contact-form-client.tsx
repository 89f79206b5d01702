'use client';

import { lazy, Suspense, useActionState, useRef, useState, type FormEvent } from 'react';
import { toast, useToasts } from '@/components/ui/use-toast';
import { trackEvent } from '@/lib/analytics/events';
import { sendContactForm } from '@/lib/contact/form/actions';
import {
  emptyContactValues,
  initialContactFormState,
  type ContactFormValues,
} from '@/lib/contact/form/form-state';
import {
  contactFields,
  contactLimits,
  type ContactField,
  type ContactFieldErrors,
  type ContactValidationMessages,
} from '@/lib/contact/form/fields';
import type { validateContact } from '@/lib/contact/form/schema';
import { newSubmissionId } from '@/lib/contact/form/submission-id';
import { apiRequest, HttpError } from '@/lib/http/api-request';
import type { Messages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';

type ContactTexts = Messages['contact'];

// Two libraries load when the visitor uses the form, not with the page (issue 7's 160 KB budget):
// the validation schema (zod) and the toasts (Radix) on the first focus, so the notification
// region (F8) exists before the first toast. Without them the form still posts.
type Validate = typeof validateContact;
let validator: Validate | undefined;
const loadValidator = async (): Promise<Validate> =>
  (validator ??= (await import('@/lib/contact/form/schema')).validateContact);
const withValidator = (apply: (validate: Validate) => void) => {
  if (validator) apply(validator);
  else void loadValidator().then(apply);
};
const loadToaster = () => import('@/components/ui/toaster');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

export interface ContactFormClientProps {
  locale: Locale;
  form: ContactTexts['form'];
  validation: ContactValidationMessages;
  toastTexts: ContactTexts['toast'];
  formToken: string;
  /** The no-JavaScript post's submission id; with JavaScript the form names each message itself. */
  submissionId: string;
}

const inputClass =
  'border-line text-ink placeholder:text-muted/80 w-full rounded-md border bg-white px-3 py-2.5 focus-visible:border-accent aria-[invalid=true]:border-red-700';

/**
 * The contact form (SPEC 2.3, 4, 5.1, 8). With JavaScript it validates as the visitor types,
 * posts JSON to /api/contact and answers with a toast; without JavaScript the same form posts
 * to a Server Action and the page answers with the same messages inline.
 */
export function ContactFormClient({
  locale,
  form,
  validation,
  toastTexts,
  formToken,
  submissionId,
}: ContactFormClientProps) {
  const [serverState, formAction] = useActionState(sendContactForm, initialContactFormState);
  const [values, setValues] = useState<ContactFormValues>(serverState.values);
  const [errors, setErrors] = useState<ContactFieldErrors>(serverState.errors);
  const [attempted, setAttempted] = useState(serverState.status === 'invalid');
  const [pending, setPending] = useState(false);
  const hasToasts = useToasts().length > 0;
  const [toasterWanted, setToasterWanted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
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

  const update = (field: ContactField, value: string) => {
    noteInteraction();
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted || errors[field]) {
      withValidator((validate) => {
        const result = validate(next, validation);
        setErrors(result.success ? {} : attempted ? result.errors : pick(result.errors, errors));
      });
    }
  };

  const focusFirstError = (found: ContactFieldErrors) => {
    const first = contactFields.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    if (pending || submitting.current) return;
    submitting.current = true;
    try {
      await submit(formElement);
    } finally {
      submitting.current = false;
    }
  };

  const submit = async (formElement: HTMLFormElement) => {
    setAttempted(true);
    const result = (validator ?? (await loadValidator()))(values, validation);
    if (!result.success) {
      setErrors(result.errors);
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    setPending(true);
    void loadToaster();
    const data = new FormData(formElement);
    // No interaction seen (values restored by the browser without an event): no figure, and the
    // server times the form from its signed display time instead.
    const fillMs =
      firstInteraction.current === null
        ? undefined
        : Math.round(performance.now() - firstInteraction.current);
    const content = JSON.stringify(values);
    if (attempt.current?.content !== content) attempt.current = { id: newSubmissionId(), content };
    const payload = {
      ...values,
      locale,
      website: data.get('website') ?? '',
      formToken,
      fillMs,
      submissionId: attempt.current.id,
    };
    try {
      await withRetries(() => apiRequest('POST', '/api/contact', payload));
      attempt.current = null;
      firstInteraction.current = null;
      setValues(emptyContactValues);
      setAttempted(false);
      toast({ title: toastTexts.successTitle, description: toastTexts.successText });
      trackEvent('contact_form_submission', 'engagement', 'Contact Form');
    } catch (error) {
      const fieldErrors = error instanceof HttpError ? error.fieldErrors() : {};
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
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

  const field = (name: ContactField, multiline = false) => {
    const id = `contact-${name}`;
    const error = errors[name];
    const common = {
      id,
      name,
      value: values[name],
      placeholder: form[name].placeholder,
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      className: inputClass,
    } as const;
    return (
      <div className={multiline ? 'sm:col-span-2' : undefined}>
        <label htmlFor={id} className="text-ink mb-1.5 block text-sm font-medium">
          {form[name].label}
        </label>
        {multiline ? (
          <textarea
            {...common}
            rows={6}
            maxLength={contactLimits.message.max}
            onChange={(event) => update(name, event.target.value)}
          />
        ) : (
          <input
            {...common}
            type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
            autoComplete={name === 'name' ? 'name' : name === 'email' ? 'email' : 'tel'}
            maxLength={contactLimits[name].max}
            onChange={(event) => update(name, event.target.value)}
          />
        )}
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <form
        ref={formRef}
        action={formAction}
        onSubmit={onSubmit}
        onFocus={() => {
          noteInteraction();
          void loadValidator();
          setToasterWanted(true);
        }}
        noValidate
        className="grid gap-5 sm:grid-cols-2"
        aria-label={form.submit}
      >
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name="formToken" value={formToken} />
        <input type="hidden" name="submissionId" value={submissionId} />
        {/* Honeypot: invisible to people and assistive technology, tempting to robots. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{form.honeypot}</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {field('name')}
        {field('email')}
        {field('phone')}
        {field('message', true)}
        {serverState.status === 'success' || serverState.status === 'error' ? (
          <div
            role={serverState.status === 'error' ? 'alert' : 'status'}
            data-testid="contact-result"
            className={`rounded-md border p-4 sm:col-span-2 ${
              serverState.status === 'error'
                ? 'border-red-800 bg-red-700 text-white'
                : 'border-line bg-white'
            }`}
          >
            <p className="font-semibold">
              {serverState.status === 'success' ? toastTexts.successTitle : toastTexts.errorTitle}
            </p>
            <p className="text-sm">
              {serverState.status === 'success'
                ? toastTexts.successText
                : toastTexts.errorText.replace(
                    '{reason}',
                    serverState.reason || toastTexts.unknownError,
                  )}
            </p>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={pending}
            className="bg-accent-strong hover:bg-accent min-h-11 rounded-md px-6 py-3 font-medium text-white disabled:cursor-wait disabled:opacity-80"
          >
            {pending ? form.pending : form.submit}
          </button>
        </div>
      </form>
      {toasterWanted || hasToasts ? (
        <Suspense fallback={null}>
          <Toaster label={toastTexts.label} closeLabel={toastTexts.close} />
        </Suspense>
      ) : null}
    </>
  );
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

function pick(all: ContactFieldErrors, shown: ContactFieldErrors): ContactFieldErrors {
  return Object.fromEntries(
    contactFields.filter((field) => shown[field] && all[field]).map((field) => [field, all[field]]),
  );
}

/**
 * The server's own words for an HTTP error (already in the visitor's language), else SPEC 8's
 * 'status: body'. Anything else (the network is down, the request was cut) carries the
 * browser's English text, so the visitor gets the translated fallback instead.
 */
function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof HttpError) return error.serverMessage() ?? error.message;
  return fallback;
}
