import { describe, expect, it } from 'vitest';
import { firm, formatAddress } from '@/lib/content/firm';
import { composeConfirmation } from './confirmation-email';
import { checkConfirmToken, CONFIRM_PATH } from './links';
import { UNCONFIRMED_KEEP_MS } from './store';

const settings = {
  siteUrl: 'https://www.example.test/',
  secret: 'unit secret',
  from: 'Site <site@example.test>',
};
const sentAt = Date.UTC(2026, 10, 20, 9, 0);

describe('the confirmation e-mail', () => {
  it.each(['fr', 'en'] as const)(
    'in %s: who sends it, why, the link signed for 7 days from the request, the firm’s address, plain text only',
    (locale) => {
      const email = composeConfirmation(
        { subscriberId: 'abc-123', address: 'lectrice@example.test', locale, sentAt },
        settings,
      );
      expect(email.to).toBe('lectrice@example.test');
      expect(email.from).toBe(settings.from);
      expect(email.subject).toContain(firm.name);
      expect(email.html).toBeUndefined();
      expect(email.text).toContain(formatAddress(locale));
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      expect(links).toHaveLength(1);
      const link = links[0]!;
      expect(link.startsWith(`https://www.example.test${CONFIRM_PATH}/`)).toBe(true);
      const token = link.split('/').at(-1)!;
      expect(checkConfirmToken(token, settings.secret, sentAt)).toEqual({
        valid: true,
        id: 'abc-123',
        expiresAt: sentAt + UNCONFIRMED_KEEP_MS,
      });
      expect(checkConfirmToken(token, settings.secret, sentAt + UNCONFIRMED_KEEP_MS)).toEqual({
        valid: false,
        reason: 'expired',
      });
      // The same request composes the same e-mail: a copy sent again after a crash is recognised.
      expect(
        composeConfirmation(
          { subscriberId: 'abc-123', address: 'lectrice@example.test', locale, sentAt },
          settings,
        ).messageId,
      ).toBe(email.messageId);
    },
  );

  it('speaks the letters’ language', () => {
    const subject = (locale: 'fr' | 'en') =>
      composeConfirmation(
        { subscriberId: 'x', address: 'a@example.test', locale, sentAt },
        settings,
      ).subject;
    expect(subject('fr')).toMatch(/^Confirmez votre inscription/);
    expect(subject('en')).toMatch(/^Confirm your subscription/);
  });
});
