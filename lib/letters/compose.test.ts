import { describe, expect, it } from 'vitest';
import type { LetterArticle } from './article';
import { composeLetter } from './compose';
import { checkUnsubscribeToken } from './links';

const SECRET = 'compose-secret-0123456789';
const context = {
  siteUrl: 'https://www.example.test',
  secret: SECRET,
  from: 'Site <site@example.test>',
};
const article: LetterArticle = {
  slug: 'conges-payes',
  online: true,
  publishAt: null,
  text: {
    fr: {
      title: 'Congés payés',
      summary: 'Le résumé.',
      url: 'https://www.example.test/fr/blog/conges-payes',
    },
    en: {
      title: 'Paid leave',
      summary: 'The summary.',
      url: 'https://www.example.test/en/blog/conges-payes',
    },
  },
};
const letter = (overrides: Partial<Parameters<typeof composeLetter>[0]> = {}) =>
  composeLetter(
    {
      article,
      locale: 'fr',
      to: 'lectrice@example.test',
      subscriberId: '0a1b2c3d-0000-4000-8000-000000000001',
      messageKey: 'envoi-1.0a1b2c3d-0000-4000-8000-000000000001',
      ...overrides,
    },
    context,
  );

describe('a letter', () => {
  it('keeps its Message-ID when written again, so a letter sent twice after a crash is one', () => {
    expect(letter().messageId).toBe(letter().messageId);
    expect(letter().messageId).toBe(
      '<letter.envoi-1.0a1b2c3d-0000-4000-8000-000000000001@example.test>',
    );
    expect(
      letter({ messageKey: 'envoi-2.0a1b2c3d-0000-4000-8000-000000000001' }).messageId,
    ).not.toBe(letter().messageId);
  });

  it('carries a one-click unsubscribe link for its reader alone, in its headers and its footer', () => {
    const email = letter();
    const link = /^<(.+)>$/.exec(email.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(link).toMatch(/^https:\/\/www\.example\.test\//);
    expect(checkUnsubscribeToken(link.split('/').at(-1) ?? '', SECRET)).toMatchObject({
      valid: true,
      id: '0a1b2c3d-0000-4000-8000-000000000001',
    });
    expect(email.text).toContain(link);
    expect(email.html).toContain(link);
  });

  it('names the sender, says why the reader gets it, gives the firm’s address, in her language', () => {
    const french = letter();
    expect(french.from).toBe('Sorel Aubry Avocats <site@example.test>');
    expect(french.subject).toBe('Veille sociale · Congés payés');
    expect(french.text).toContain('vous vous êtes abonné');
    expect(french.text).toContain('18 rue de Miromesnil');
    expect(french.text).toContain(article.text.fr.url);
    const english = letter({ locale: 'en' });
    expect(english.subject).toBe('Employment-law updates · Paid leave');
    expect(english.text).toContain('You receive this letter');
    expect(english.text).toContain(article.text.en.url);
    expect(letter({ test: true }).subject).toBe('[Essai] Veille sociale · Congés payés');
  });

  it('has no image and no link but the site’s own addresses', () => {
    const html = letter().html ?? '';
    expect(html).not.toMatch(/<img/i);
    for (const [, href] of html.matchAll(/href="([^"]+)"/g))
      expect(href).toMatch(/^https:\/\/www\.example\.test\//);
  });
});
