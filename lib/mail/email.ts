export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  /** Derived from what is sent, so a copy sent again after a crash is recognisably the same. */
  messageId: string;
  date: Date;
  headers: Record<string, string>;
}

/** The fixed sender and recipient of the e-mails to the firm (CONTACT_FROM, CONTACT_TO). */
export interface Envelope {
  from: string;
  to: string;
}

const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** A header or one-line field from a visitor: no line break or control character survives. */
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
