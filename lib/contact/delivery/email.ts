import {
  escapeHtml,
  stripControlCharacters,
  type Envelope,
  type OutgoingEmail,
} from '@/lib/mail/email';
import type { ContactMessage } from '../storage/store';

/** The firm reads the time a message arrived as Paris time, the summer hour included. */
const receivedInParis = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'full',
  timeStyle: 'long',
});

/**
 * The visitor only as Reply-To. The Message-ID derives from the message's id, so a message sent
 * again after a crash is recognisably the same one.
 */
export function composeContactEmail(message: ContactMessage, envelope: Envelope): OutgoingEmail {
  const name = stripControlCharacters(message.name);
  const received = new Date(message.createdAt);
  const fields = [
    ['Nom', name],
    ['E-mail', stripControlCharacters(message.email)],
    ['Téléphone', stripControlCharacters(message.phone)],
    ['Langue', message.locale],
    ['Reçu le', receivedInParis.format(received)],
    ['Référence', message.id],
    // A released message arrives late: the firm sees why.
    ...(message.releasedAt === null
      ? []
      : ([
          [
            'Retenu comme indésirable probable, libéré le',
            receivedInParis.format(message.releasedAt),
          ],
        ] as const)),
  ] as const;
  const text = [
    'Nouveau message reçu via le formulaire de contact du site.',
    '',
    ...fields.map(([label, value]) => `${label} : ${value}`),
    '',
    'Message :',
    message.message,
    '',
  ].join('\n');
  const html = [
    '<p>Nouveau message reçu via le formulaire de contact du site.</p>',
    '<ul>',
    ...fields.map(([label, value]) => `<li><strong>${label} :</strong> ${escapeHtml(value)}</li>`),
    '</ul>',
    `<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  ].join('\n');
  return {
    from: envelope.from,
    to: envelope.to,
    replyTo: { name, address: stripControlCharacters(message.email) },
    subject: `Nouveau message de contact — ${name}`,
    text,
    html,
    messageId: `<contact-${message.id}@sorel-aubry-avocats.fr>`,
    date: received,
    headers: { 'X-Contact-Message-Id': message.id },
  };
}
