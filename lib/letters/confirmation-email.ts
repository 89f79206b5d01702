import 'server-only';
import { firm, formatAddress } from '@/lib/content/firm';
import type { OutgoingEmail } from '@/lib/mail/email';
import { getTranslator } from '@/lib/i18n/translator';
import type { ClaimedConfirmation } from './confirmations';
import { confirmUrl } from './links';

export interface ConfirmationSettings {
  siteUrl: string;
  secret: string;
  /** CONTACT_FROM: the site's own address. */
  from: string;
}

/**
 * The one e-mail an unconfirmed address ever gets, in the language asked for: who sends it, why,
 * the confirmation link (which opens a page with one button) and the firm's address. Plain text:
 * no image, no tracking, no rewritten link.
 */
export function composeConfirmation(
  confirmation: ClaimedConfirmation,
  settings: ConfirmationSettings,
): OutgoingEmail {
  const t = getTranslator(confirmation.locale);
  const values = { firm: firm.name, address: formatAddress(confirmation.locale) };
  const link = confirmUrl(
    settings.siteUrl,
    confirmation.subscriberId,
    confirmation.sentAt,
    settings.secret,
  );
  const text = [
    t('letters.email.greeting'),
    '',
    t('letters.email.why', values),
    '',
    t('letters.email.action'),
    link,
    '',
    t('letters.email.expiry'),
    '',
    '-- ',
    t('letters.email.signature', values),
    t('letters.email.address', values),
    '',
  ].join('\n');
  return {
    from: settings.from,
    to: confirmation.address,
    subject: t('letters.email.subject', values),
    text,
    messageId: `<letter-confirmation-${confirmation.subscriberId}-${confirmation.sentAt}@sorel-aubry-avocats.fr>`,
    date: new Date(confirmation.sentAt),
    headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': confirmation.locale },
  };
}
