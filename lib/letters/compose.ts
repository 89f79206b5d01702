import 'server-only';
import { firm, formatAddress } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { escapeHtml, type OutgoingEmail } from '@/lib/mail/email';
import type { LetterArticle } from './article';
import { unsubscribeUrl } from './links';

export interface LetterContext {
  siteUrl: string;
  /** REVALIDATE_SECRET, which signs the unsubscribe link. */
  secret: string;
  /** CONTACT_FROM: its address sends the letters, under the firm's name. */
  from: string;
}

export interface LetterFor {
  article: LetterArticle;
  locale: Locale;
  to: string;
  subscriberId: string;
  /** Stable per letter, so a letter sent again after a crash has the same Message-ID. */
  messageKey: string;
  /** The editors' test to the firm: "[Essai]" before the subject. */
  test?: boolean;
}

const words = {
  fr: {
    kind: 'Veille sociale',
    colon: '\u00a0: ',
    read: 'Lire l’article',
    sender: (name: string) =>
      `${name}, cabinet d’avocats en droit social, vous adresse sa veille sociale.`,
    why: (name: string, site: string) =>
      `Vous recevez cette lettre parce que vous vous êtes abonné à la veille sociale de ${name} sur ${site} et avez confirmé votre adresse.`,
    unsubscribe: 'Se désabonner en un clic',
  },
  en: {
    kind: 'Employment-law updates',
    colon: ': ',
    read: 'Read the article',
    sender: (name: string) =>
      `${name}, an employment-law firm in Paris, sends you its employment-law updates.`,
    why: (name: string, site: string) =>
      `You receive this letter because you subscribed to ${name}’s employment-law updates on ${site} and confirmed your address.`,
    unsubscribe: 'Unsubscribe in one click',
  },
} satisfies Record<Locale, unknown>;

/** The address part of CONTACT_FROM ("Name <a@b>" or "a@b"). */
export function fromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * One letter: the article's title, summary and link, who sends it and why, the firm's address,
 * and the unsubscribe link, also in List-Unsubscribe with RFC 8058's one-click header. Links are
 * the site's own addresses as they are, and there is no image: nothing tells the firm who read it.
 */
export function composeLetter(letter: LetterFor, context: LetterContext): OutgoingEmail {
  const { article, locale } = letter;
  const w = words[locale];
  const { title, summary, url } = article.text[locale];
  const leave = unsubscribeUrl(context.siteUrl, letter.subscriberId, context.secret);
  const site = new URL(context.siteUrl).host;
  const address = `${firm.name}, ${formatAddress(locale)}`;
  const sender = fromAddress(context.from);
  const domain = sender.split('@')[1] ?? site;
  const subject = `${letter.test ? '[Essai] ' : ''}${w.kind} · ${title}`;
  const text = [
    w.sender(firm.name),
    '',
    title,
    '',
    summary,
    '',
    `${w.read}${w.colon}${url}`,
    '',
    '—',
    w.why(firm.name, site),
    `${w.unsubscribe}${w.colon}${leave}`,
    address,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Georgia,serif;max-width:36em;margin:0 auto;padding:1em;color:#1a1a1a">
<p style="font-size:0.9em;color:#555">${escapeHtml(w.sender(firm.name))}</p>
<h1 style="font-size:1.4em"><a href="${escapeHtml(url)}" style="color:#1a1a1a">${escapeHtml(title)}</a></h1>
<p>${escapeHtml(summary)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(w.read)}</a></p>
<hr>
<p style="font-size:0.85em;color:#555">${escapeHtml(w.why(firm.name, site))}<br>
<a href="${escapeHtml(leave)}">${escapeHtml(w.unsubscribe)}</a><br>
${escapeHtml(address)}</p>
</body></html>`;
  return {
    from: `${firm.name} <${sender}>`,
    to: letter.to,
    subject,
    text,
    html,
    messageId: `<letter.${letter.messageKey}@${domain}>`,
    date: new Date(),
    headers: {
      'List-Unsubscribe': `<${leave}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
      Precedence: 'bulk',
    },
  };
}
