'use server';

import { headers } from 'next/headers';
import { config } from '@/lib/config';
import { isLocale } from '@/lib/i18n/locales';
import { clientAddress } from '@/lib/http/client-address';
import type { ContactFormState, ContactFormValues } from './form-state';
import { emptyContactValues } from './form-state';
import { submitContactMessage } from './submission';

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === 'string' ? value : '';
};

/** The post without JavaScript: the same submission as POST /api/contact. */
export async function sendContactForm(
  _previous: ContactFormState,
  form: FormData,
): Promise<ContactFormState> {
  // Anyone can call an action with arguments of their choosing: only the form's own fields, as
  // text, are a submission; anything else stores nothing (proxy.ts refuses such posts first).
  if (!(form instanceof FormData) || [...form.values()].some((value) => typeof value !== 'string'))
    return { status: 'error', errors: {}, values: emptyContactValues };
  const rawLocale = text(form, 'locale');
  const locale = isLocale(rawLocale) ? rawLocale : 'fr';
  const values: ContactFormValues = {
    name: text(form, 'name'),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    message: text(form, 'message'),
  };
  const outcome = await submitContactMessage(
    {
      ...values,
      website: text(form, 'website'),
      formToken: text(form, 'formToken'),
      submissionId: text(form, 'submissionId'),
      locale,
    },
    { locale, clientAddress: clientAddress(await headers(), config().TRUST_PROXY) },
  );
  switch (outcome.kind) {
    case 'accepted':
      return { status: 'success', errors: {}, values: emptyContactValues };
    case 'invalid':
      return { status: 'invalid', errors: outcome.errors, values };
    default:
      return { status: 'error', reason: outcome.message, errors: {}, values };
  }
}
