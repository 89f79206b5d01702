import { describe, expect, it } from 'vitest';
import { composeDigest, DIGEST_EXCERPT_CHARACTERS, purgeTime, reasonInFrench } from './digest';
import { composeFirmEmail } from '@/lib/mail/firm-mail';
import { parisClock } from '@/lib/paris-clock';
import { checkReleaseToken } from '../held/release-link';
import type { ContactMessage } from '../storage/store';

const DAY = 24 * 60 * 60 * 1000;

function held(n: number, overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Claire Martin ${n}`,
    email: `claire.${n}@example.com`,
    phone: '+33 1 99 00 12 34',
    message: `Bonjour, je souhaite un rendez-vous (${n}).`,
    locale: 'fr',
    createdAt: Date.UTC(2026, 10, 23, 14, 5) + n * 60_000,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    deliveredAt: null,
    lockedUntil: null,
    lockToken: null,
    suspectedReason: 'hidden field filled ("https://x.example")',
    releasedAt: null,
    digestId: null,
    lastErrorClass: null,
    lastFailedAt: null,
    ...overrides,
  };
}

const options = {
  siteUrl: 'https://www.example.fr',
  secret: 's3cret',
  now: Date.UTC(2026, 10, 24, 8),
};

describe('the digest of held messages', () => {
  it('reads the day and hour in Paris, winter and summer time', () => {
    expect(parisClock(Date.UTC(2026, 10, 24, 7, 59))).toEqual({ day: '2026-11-24', hour: 8 });
    expect(parisClock(Date.UTC(2026, 6, 1, 7, 0))).toEqual({ day: '2026-07-01', hour: 9 });
    expect(parisClock(Date.UTC(2026, 11, 31, 23, 30))).toEqual({ day: '2027-01-01', hour: 0 });
  });

  it('lists each message with its details, reason, purge date and own link', () => {
    const messages = [
      held(1),
      held(2),
      held(3, {
        suspectedReason: 'sent 120 ms after the first interaction with the form (minimum 2000 ms)',
      }),
    ];
    const { subject, body } = composeDigest(messages, 3, options);
    expect(subject).toBe('Messages retenus par le filtre du site : 3 à vérifier');
    for (const message of messages) {
      expect(body).toContain(`Nom : ${message.name}`);
      expect(body).toContain(`E-mail : ${message.email}`);
      expect(body).toContain(`Téléphone : ${message.phone}`);
      expect(body).toContain(message.message);
    }
    expect(body).toContain('Reçu le lundi 23 novembre 2026 à 15:06:00 UTC+1');
    expect(body).toContain('Supprimé le : mercredi 23 décembre 2026 (30 jours après sa réception');
    expect(body).toContain('champ caché rempli, invisible pour une personne ("https://x.example")');
    expect(body).toContain(
      'envoyé 120 ms après la première saisie dans le formulaire (minimum 2000 ms)',
    );
    const links = [...body.matchAll(/Transmettre ce message : (\S+)/g)].map((match) => match[1]!);
    expect(links).toHaveLength(3);
    links.forEach((link, index) => {
      expect(link.startsWith('https://www.example.fr/api/contact/messages-retenus/')).toBe(true);
      const token = link.split('/').at(-1)!;
      expect(checkReleaseToken(token, 's3cret', options.now)).toEqual({
        valid: true,
        id: messages[index]!.id,
        expiresAt: purgeTime(messages[index]!),
      });
    });
  });

  it('quotes the first 500 characters of a message and says the rest is cut', () => {
    const long = `${'é'.repeat(DIGEST_EXCERPT_CHARACTERS)}LA SUITE`;
    const { body } = composeDigest([held(1, { message: long })], 1, options);
    expect(body).toContain(`    ${'é'.repeat(DIGEST_EXCERPT_CHARACTERS)}\n    […]`);
    expect(body).not.toContain('LA SUITE');
  });

  it('counts the messages beyond the ones it lists', () => {
    const { body } = composeDigest([held(1), held(2)], 14, options);
    expect(body).toContain('12 autres messages retenus ne figurent pas ici');
  });

  it('without a signing secret, gives the release command instead of links', () => {
    const { body } = composeDigest([held(1)], 1, { ...options, secret: undefined });
    expect(body).not.toContain('Transmettre ce message :');
    expect(body).toContain('npm run messages -- --release');
    expect(body).toContain(`Référence : ${held(1).id}`);
  });

  it('leaves an unknown reason as recorded', () => {
    expect(reasonInFrench('something new')).toBe('something new');
  });

  it('is e-mailed as plain text to the firm, with no Reply-To', () => {
    const email = composeFirmEmail(
      {
        id: 'daily-2026-11-24',
        kind: 'daily',
        createdAt: options.now,
        heldCount: 1,
        subject: 'S',
        body: 'B',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        lastErrorClass: null,
        lastFailedAt: null,
        deliveredAt: null,
        lockedUntil: null,
        lockToken: null,
      },
      { from: 'Site <site@x.fr>', to: 'cabinet@x.fr' },
    );
    expect(email).toMatchObject({ to: 'cabinet@x.fr', subject: 'S', text: 'B' });
    expect(email.replyTo).toBeUndefined();
    expect(email.html).toBeUndefined();
    expect(purgeTime(held(1)) - held(1).createdAt).toBe(30 * DAY);
  });
});
