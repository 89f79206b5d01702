import 'server-only';
import { escapeHtml, stripControlCharacters } from '@/lib/mail/email';
import { DIGEST_EXCERPT_CHARACTERS, reasonInFrench } from '../delivery/digest';
import { SUSPECTED_RETENTION_DAYS } from '../storage/retention';
import type { ContactMessage } from '../storage/store';

/**
 * A GET only shows the page; the POST of its button releases (docs/architecture.md, "Release links:
 * GET shows, POST releases"). No script, no outside resource, never indexed nor cached.
 */
export type ReleaseView =
  | { kind: 'confirm'; message: ContactMessage }
  | { kind: 'released'; message: ContactMessage }
  | { kind: 'already-released'; message: ContactMessage }
  | { kind: 'not-held'; message: ContactMessage }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'forbidden' }
  | { kind: 'unavailable' };

const STATUS: Record<ReleaseView['kind'], number> = {
  confirm: 200,
  released: 200,
  'already-released': 200,
  'not-held': 200,
  invalid: 404,
  expired: 410,
  forbidden: 403,
  unavailable: 503,
};

const inParis = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'full',
  timeStyle: 'short',
});

const STYLE = `
body{margin:0;background:#faf8f5;color:#1c1917;font:1rem/1.6 system-ui,sans-serif}
main{max-width:40rem;margin:0 auto;padding:2.5rem 1.25rem}
h1{font:600 1.6rem/1.3 Georgia,serif;margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1.5rem 0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
blockquote{margin:0 0 1.5rem;padding:.75rem 1rem;border-left:3px solid #78716c;background:#fff;white-space:pre-wrap;overflow-wrap:anywhere}
button{font:inherit;font-weight:600;color:#fff;background:#1c1917;border:0;border-radius:.375rem;padding:.75rem 1.25rem;cursor:pointer}
button:focus-visible{outline:3px solid #b45309;outline-offset:3px}
.note{color:#44403c;font-size:.95rem}
`;

function summary(message: ContactMessage): string {
  const text = Array.from(message.message).slice(0, DIGEST_EXCERPT_CHARACTERS).join('');
  const cut = Array.from(message.message).length > DIGEST_EXCERPT_CHARACTERS ? ' […]' : '';
  const rows: [string, string][] = [
    ['Reçu le', inParis.format(message.createdAt)],
    ['Nom', stripControlCharacters(message.name)],
    ['E-mail', stripControlCharacters(message.email)],
    ['Téléphone', stripControlCharacters(message.phone)],
    ['Motif de la retenue', reasonInFrench(stripControlCharacters(message.suspectedReason ?? ''))],
  ];
  return [
    '<dl>',
    ...rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`),
    '</dl>',
    `<blockquote>${escapeHtml(text)}${cut}</blockquote>`,
  ].join('\n');
}

function content(view: ReleaseView): { title: string; body: string } {
  switch (view.kind) {
    case 'confirm':
      return {
        title: 'Transmettre ce message retenu ?',
        body: `<p>Le filtre anti-robots du site a retenu ce message. S’il vient d’une vraie personne, transmettez-le : il sera envoyé au cabinet par e-mail, une seule fois, comme les autres messages.</p>
${summary(view.message)}
<form method="post"><button type="submit">Transmettre ce message au cabinet</button></form>
<p class="note">Sans action de votre part, il sera supprimé ${SUSPECTED_RETENTION_DAYS} jours après sa réception.</p>`,
      };
    case 'released':
      return {
        title: 'Message transmis',
        body: `<p role="status">Le message de ${escapeHtml(stripControlCharacters(view.message.name))} est transmis : il arrivera par e-mail d’ici quelques minutes, marqué comme retenu puis libéré.</p>`,
      };
    case 'already-released':
      return {
        title: 'Message déjà transmis',
        body: `<p>Ce message a déjà été transmis le ${escapeHtml(inParis.format(view.message.releasedAt ?? 0))}. Il n’est pas envoyé une seconde fois ; rien n’a changé.</p>`,
      };
    case 'not-held':
      return {
        title: 'Message non retenu',
        body: '<p>Ce message n’a pas été retenu par le filtre : il a été envoyé normalement au cabinet. Rien n’a changé.</p>',
      };
    case 'invalid':
      return {
        title: 'Lien non valide',
        body: '<p>Ce lien de transmission n’est pas valide : il est incomplet, a été modifié, ou la clé du site a changé depuis l’envoi du récapitulatif. Rien n’a changé. Ouvrez le lien depuis l’e-mail récapitulatif, en entier ; s’il ne fonctionne toujours pas, demandez à la personne qui administre le site de transmettre le message, avec sa référence indiquée dans l’e-mail.</p>',
      };
    case 'expired':
      return {
        title: 'Lien expiré',
        body: `<p>Ce lien a expiré : les messages retenus sont supprimés ${SUSPECTED_RETENTION_DAYS} jours après leur réception, et celui-ci ne peut plus être transmis. Rien n’a changé.</p>`,
      };
    case 'forbidden':
      return {
        title: 'Demande refusée',
        body: '<p>Cette demande ne vient pas de la page de confirmation du site : elle est refusée et rien n’a changé. Ouvrez de nouveau le lien de l’e-mail récapitulatif.</p>',
      };
    case 'unavailable':
      return {
        title: 'Service momentanément indisponible',
        body: '<p>Le site ne peut pas lire les messages pour le moment. Rien n’a changé : réessayez dans quelques minutes avec le même lien.</p>',
      };
  }
}

export function releasePage(view: ReleaseView): Response {
  const { title, body } = content(view);
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} — Sorel Aubry Avocats</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status: STATUS[view.kind],
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      // The link's token is in the address: never send it on to another site.
      'Referrer-Policy': 'no-referrer',
    },
  });
}
