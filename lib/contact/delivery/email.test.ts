import { describe, expect, it } from 'vitest';
import { stripControlCharacters } from '@/lib/mail/email';
import { composeContactEmail } from './email';
import type { ContactMessage } from '../storage/store';

const message: ContactMessage = {
  id: 'abc',
  name: 'Jean\u0007 Dupont',
  email: 'jean@example.fr',
  phone: '0123456789',
  message: 'Bonjour <script>alert(1)</script> & merci',
  locale: 'fr',
  createdAt: Date.UTC(2025, 4, 6),
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  deliveredAt: null,
  lockedUntil: null,
  lockToken: null,
  suspectedReason: null,
  releasedAt: null,
  digestId: null,
  lastErrorClass: null,
  lastFailedAt: null,
};

describe('contact e-mail', () => {
  const email = composeContactEmail(message, { from: 'Site <site@x.fr>', to: 'cabinet@x.fr' });

  it('has fixed From and To and the visitor only as Reply-To', () => {
    expect(email.from).toBe('Site <site@x.fr>');
    expect(email.to).toBe('cabinet@x.fr');
    expect(email.replyTo).toEqual({ name: 'Jean Dupont', address: 'jean@example.fr' });
  });

  it('puts the name, stripped of control characters, in the subject', () => {
    expect(email.subject).toBe('Nouveau message de contact — Jean Dupont');
    expect(stripControlCharacters('A\r\nBcc: b@x.fr\u0085')).toBe('A Bcc: b@x.fr');
  });

  it('keeps the text as written and escapes it in HTML', () => {
    expect(email.text).toContain('Bonjour <script>alert(1)</script> & merci');
    expect(email.html).toContain('Bonjour &lt;script&gt;alert(1)&lt;/script&gt; &amp; merci');
    expect(email.html).not.toContain('<script>');
  });

  it('gives the time received in Paris time, summer and winter', () => {
    // 6 May 2025 00:00 UTC is 02:00 in Paris (summer time); 6 January 2025 00:00 UTC is 01:00.
    expect(email.text).toContain('Reçu le : mardi 6 mai 2025 à 02:00:00 UTC+2');
    const winter = composeContactEmail(
      { ...message, createdAt: Date.UTC(2025, 0, 6) },
      { from: 'Site <site@x.fr>', to: 'cabinet@x.fr' },
    );
    expect(winter.text).toContain('Reçu le : lundi 6 janvier 2025 à 01:00:00 UTC+1');
  });

  it('says when a message held as suspected spam was released', () => {
    expect(email.text).not.toContain('Retenu');
    const released = composeContactEmail(
      {
        ...message,
        suspectedReason: 'hidden field filled ("x")',
        releasedAt: Date.UTC(2025, 4, 9, 8),
      },
      { from: 'Site <site@x.fr>', to: 'cabinet@x.fr' },
    );
    expect(released.text).toContain(
      'Retenu comme indésirable probable, libéré le : vendredi 9 mai 2025 à 10:00:00 UTC+2',
    );
  });
});
