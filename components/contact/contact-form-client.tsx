'use client';

import { lazy, Suspense, useState } from 'react';
import { useToasts } from '@/components/ui/use-toast';
import { contactFields, type ContactValidationMessages } from '@/lib/contact/form/fields';
import type { Messages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/locales';
import { ContactField } from './contact-field';
import { loadValidator } from './use-contact-fields';
import { loadToaster, useContactForm } from './use-contact-form';

type ContactTexts = Messages['contact'];

const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

export interface ContactFormClientProps {
  locale: Locale;
  form: ContactTexts['form'];
  validation: ContactValidationMessages;
  toastTexts: ContactTexts['toast'];
  formToken: string;
  /** The no-JavaScript post's submission id; with JavaScript the form names each message itself. */
  submissionId: string;
  /** What to know before sending, shown above the button and read with it. */
  notice: React.ReactNode;
}

/**
 * The contact form (its behaviour in useContactForm). With JavaScript it validates as the visitor
 * types, posts JSON to /api/contact and answers with a toast; without JavaScript the same form
 * posts to a Server Action and the page answers with the same messages inline.
 */
export function ContactFormClient({
  locale,
  form,
  validation,
  toastTexts,
  formToken,
  submissionId,
  notice,
}: ContactFormClientProps) {
  const { serverState, formAction, fields, formRef, pending, onSubmit, noteInteraction } =
    useContactForm({
      locale,
      validation,
      toastTexts,
      formToken,
    });
  const hasToasts = useToasts().length > 0;
  const [toasterWanted, setToasterWanted] = useState(false);
  const answered = serverState.status === 'success' || serverState.status === 'error';

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
        {contactFields.map((name) => (
          <ContactField
            key={name}
            name={name}
            texts={form[name]}
            value={fields.values[name]}
            error={fields.errors[name]}
            onChange={(value) => {
              noteInteraction();
              fields.update(name, value);
            }}
          />
        ))}
        {answered ? (
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
          <div id="contact-notice">{notice}</div>
          <button
            type="submit"
            disabled={pending}
            aria-describedby="contact-notice"
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
