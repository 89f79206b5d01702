import type { ContactMessage } from '../storage/store';

export interface ContactEmail {
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
}

const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export function stripControlCharacters(value: string): string {
  return value.replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim();
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The firm reads the time a message arrived as Paris time, the summer hour included. */
const receivedInParis = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'full',
  timeStyle: 'long',
});

/**
 * The e-mail telling the firm about a message: fixed From and To, the visitor only as Reply-To,
 * plain text plus the same text as escaped HTML. The Message-ID derives from the message id, so
 * a message sent again after a crash is recognisable as the same one.
 */
export function composeContactEmail(
  message: ContactMessage,
  envelope: { from: string; to: string },
): ContactEmail {
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
