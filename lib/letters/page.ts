import 'server-only';
import { firm } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getMessages, interpolate } from '@/lib/i18n/translator';
import { escapeHtml } from '@/lib/mail/email';

/**
 * The pages of the confirmation and unsubscribe links, and the form's errors without JavaScript.
 * A link's GET only shows its page; the POST of its one button acts, since mail scanners open
 * every link (docs/architecture.md, "Release links: GET shows, POST releases"). Plain HTML in
 * system fonts, no script, no outside resource, never indexed nor cached, in the subscriber's
 * language.
 */
export type LettersView =
  | { kind: 'confirm'; address: string }
  | { kind: 'confirmed' }
  | { kind: 'already-confirmed' }
  | { kind: 'unsubscribe'; address: string }
  | { kind: 'unsubscribed' }
  | { kind: 'already-unsubscribed' }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'forbidden' }
  | { kind: 'unavailable' }
  /** The form posted without JavaScript and was refused: the reason, and the way back. */
  | { kind: 'form-error'; status: number; message: string; back: string };

const STATUS: Record<Exclude<LettersView['kind'], 'form-error'>, number> = {
  confirm: 200,
  confirmed: 200,
  'already-confirmed': 200,
  unsubscribe: 200,
  unsubscribed: 200,
  'already-unsubscribed': 200,
  expired: 410,
  invalid: 404,
  forbidden: 403,
  unavailable: 503,
};

const STYLE = `
body{margin:0;background:#faf8f5;color:#1c1917;font:1rem/1.6 system-ui,sans-serif}
main{max-width:40rem;margin:0 auto;padding:2.5rem 1.25rem}
h1{font:600 1.6rem/1.3 Georgia,serif;margin:0 0 1rem}
button{font:inherit;font-weight:600;color:#fff;background:#1c1917;border:0;border-radius:.375rem;padding:.75rem 1.25rem;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #b45309;outline-offset:3px}
a{color:#1c1917}
`;

function content(view: LettersView, locale: Locale): { title: string; body: string } {
  const m = getMessages(locale).letters.pages;
  const fill = (text: string, address = '') =>
    escapeHtml(interpolate(text, { firm: firm.name, address }));
  const home = `<p><a href="${localizedPath(locale, '/')}">${escapeHtml(m.home)}</a></p>`;
  const say = (title: string, text: string, role = '') => ({
    title,
    body: `<p${role}>${fill(text)}</p>\n${home}`,
  });
  switch (view.kind) {
    case 'confirm':
      return {
        title: m.confirmTitle,
        body: `<p>${fill(m.confirmText, view.address)}</p>
<form method="post"><button type="submit">${escapeHtml(m.confirmButton)}</button></form>`,
      };
    case 'unsubscribe':
      return {
        title: m.unsubscribeTitle,
        body: `<p>${fill(m.unsubscribeText, view.address)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(m.unsubscribeButton)}</button></form>`,
      };
    case 'confirmed':
      return say(m.confirmedTitle, m.confirmedText, ' role="status"');
    case 'already-confirmed':
      return say(m.alreadyConfirmedTitle, m.alreadyConfirmedText);
    case 'unsubscribed':
      return say(m.unsubscribedTitle, m.unsubscribedText, ' role="status"');
    case 'already-unsubscribed':
      return say(m.alreadyUnsubscribedTitle, m.alreadyUnsubscribedText);
    case 'expired':
      return say(m.expiredTitle, m.expiredText);
    case 'invalid':
      return say(m.invalidTitle, m.invalidText);
    case 'forbidden':
      return say(m.forbiddenTitle, m.forbiddenText);
    case 'unavailable':
      return say(m.unavailableTitle, m.unavailableText);
    case 'form-error':
      return {
        title: m.errorTitle,
        body: `<p role="alert">${escapeHtml(view.message)}</p>
<p><a href="${escapeHtml(view.back)}">${escapeHtml(getMessages(locale).letters.api.back)}</a></p>`,
      };
  }
}

export function lettersPage(view: LettersView, locale: Locale): Response {
  const { title, body } = content(view, locale);
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} — ${escapeHtml(firm.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status: view.kind === 'form-error' ? view.status : STATUS[view.kind],
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      // The link's token is in the address: never send it on to another site. (The site's own
      // header overrides this one, hence the page's meta; same-origin, not no-referrer, which
      // would make the button's POST say `Origin: null`.)
      'Referrer-Policy': 'same-origin',
    },
  });
}
