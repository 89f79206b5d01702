import { headers } from 'next/headers';
import { firm } from '@/lib/content/firm';
import { renderedFormValues } from '@/lib/contact/form/render-values';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getMessages, getTranslator, interpolate } from '@/lib/i18n/translator';
import { ContactFormClient } from './contact-form-client';

/**
 * The contact form of the home page's contact section with its privacy notice, and beside its
 * button what a visitor should know before writing to a lawyer (nothing confidential yet, no
 * engagement before a conflict check, when the firm answers), which the success message repeats. The
 * server side translates, signs the fill-time token and names the submission (when a visitor
 * without JavaScript reloads a post whose answer was lost, the browser sends the same id and
 * nothing is stored twice), also for a page rendered for nginx's cache
 * (lib/contact/form/render-values.ts); the form itself is a client leaf.
 */
export async function ContactForm({ locale }: { locale: Locale }) {
  const { form, validation, toast } = getMessages(locale).contact;
  const t = getTranslator(locale);
  const { formToken, submissionId } = renderedFormValues((await headers()).get('x-nonce'));
  const replyDelay = { replyDelay: firm.replyDelay[locale] };
  return (
    <div className="grid gap-6">
      <ContactFormClient
        locale={locale}
        form={form}
        validation={validation}
        toastTexts={{ ...toast, successText: interpolate(toast.successText, replyDelay) }}
        formToken={formToken}
        submissionId={submissionId}
        notice={
          <ul
            className="text-muted mb-5 list-disc space-y-1 pl-5 text-sm"
            data-testid="contact-notice"
          >
            <li>{t('contact.notice.confidential')}</li>
            <li>{t('contact.notice.notYourLawyer')}</li>
            <li>{t('contact.notice.reply', replyDelay)}</li>
          </ul>
        }
      />
      <p className="text-muted text-sm">
        {t('contact.privacy.text', { controller: firm.name })}{' '}
        <a
          href={localizedPath(locale, '/politique-confidentialite')}
          className="text-ink underline"
        >
          {t('contact.privacy.link')}
        </a>
      </p>
    </div>
  );
}
