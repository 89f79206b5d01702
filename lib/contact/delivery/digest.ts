import 'server-only';
import { stripControlCharacters } from '@/lib/mail/email';
import { releaseToken, releaseUrl } from '../held/release-link';
import { parisClock } from '@/lib/paris-clock';
import { SUSPECTED_RETENTION_DAYS } from '../storage/retention';
import type { ContactMessage, ContactStore } from '../storage/store';

/**
 * Held messages reach the firm by e-mail, not only through `npm run messages`: at most one digest
 * a day, plus one at once after a quiet week. Its id (the day, or the message) makes several
 * instances queue it once.
 */
export const DIGEST_HOUR_PARIS = 9;
export const DIGEST_MAX_MESSAGES = 50;
export const DIGEST_EXCERPT_CHARACTERS = 500;
export const QUIET_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;
export const DIGEST_CHECK_INTERVAL_MS = 60 * 1000;

export interface DigestOptions {
  siteUrl: string;
  /** REVALIDATE_SECRET; without it the digest gives the release command instead of links. */
  secret: string | undefined;
  now: number;
}

export type DigestOutcome = 'queued' | 'nothing-held' | 'not-yet' | 'already-queued' | 'not-quiet';

/** Recorded even when nothing was held, so that a message held later that day waits for tomorrow's. */
export async function queueDailyDigest(
  store: ContactStore,
  options: DigestOptions,
): Promise<DigestOutcome> {
  const { day, hour } = parisClock(options.now);
  if (hour < DIGEST_HOUR_PARIS) return 'not-yet';
  const id = `daily-${day}`;
  if (await store.findDigest(id)) return 'already-queued';
  return queueDigest(store, id, 'daily', options);
}

export async function queueImmediateDigest(
  store: ContactStore,
  message: ContactMessage,
  options: DigestOptions,
): Promise<DigestOutcome> {
  if (message.suspectedReason === null || message.releasedAt !== null) return 'nothing-held';
  if (await store.heldShortlyBefore(message, QUIET_PERIOD_MS)) return 'not-quiet';
  return queueDigest(store, `immediate-${message.id}`, 'immediate', options);
}

async function queueDigest(
  store: ContactStore,
  id: string,
  kind: 'daily' | 'immediate',
  options: DigestOptions,
): Promise<DigestOutcome> {
  const { now } = options;
  const { messages, total } = await store.heldNotDigested(DIGEST_MAX_MESSAGES);
  if (messages.length === 0) {
    // Another instance may have queued this digest, and marked its messages, between the check
    // before and the read above: its digest is the day's, and this one is not recorded.
    if (kind === 'daily') {
      const recorded = await store.insertDigest(
        {
          id,
          kind,
          createdAt: now,
          heldCount: 0,
          subject: '',
          body: '',
          nextAttemptAt: now,
          deliveredAt: now,
        },
        [],
      );
      if (!recorded) return 'already-queued';
    }
    return 'nothing-held';
  }
  const { subject, body } = composeDigest(messages, total, options);
  const row = {
    id,
    kind,
    createdAt: now,
    heldCount: messages.length,
    subject,
    body,
    nextAttemptAt: now,
  };
  const queued = await store.insertDigest(
    row,
    messages.map((message) => message.id),
  );
  return queued ? 'queued' : 'already-queued';
}

const inParis = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'full',
  timeStyle: 'long',
});
const dayInParis = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'full',
});

/** The moment a held message is purged, and its release link stops working. */
export function purgeTime(message: Pick<ContactMessage, 'createdAt'>): number {
  return message.createdAt + SUSPECTED_RETENTION_DAYS * 24 * 60 * 60 * 1000;
}

/** The anti-spam reason (lib/contact/form/suspicion.ts, recorded in English) in the firm's words. */
export function reasonInFrench(reason: string): string {
  return reason
    .split('; ')
    .map((part) =>
      part
        .replace(
          /^hidden field filled \((.*)\)$/s,
          'champ caché rempli, invisible pour une personne ($1)',
        )
        .replace(
          /^sent (\d+) ms after the first interaction with the form \(minimum (\d+) ms\)$/,
          'envoyé $1 ms après la première saisie dans le formulaire (minimum $2 ms)',
        )
        .replace(
          /^sent (\d+) ms after the form was displayed, with no interaction time from the browser \(minimum (\d+) ms\)$/,
          'envoyé $1 ms après l’affichage du formulaire, sans JavaScript (minimum $2 ms)',
        ),
    )
    .join(' ; ');
}

function excerpt(text: string): string {
  const characters = Array.from(text.replace(/\r\n?/g, '\n'));
  const cut = characters.slice(0, DIGEST_EXCERPT_CHARACTERS).join('');
  const clean = cut.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  const lines = clean.split('\n').map((line) => `    ${line}`.trimEnd());
  if (characters.length > DIGEST_EXCERPT_CHARACTERS) lines.push('    […]');
  return lines.join('\n');
}

/** One entry per message, with its release link. */
export function composeDigest(
  messages: ContactMessage[],
  total: number,
  options: DigestOptions,
): { subject: string; body: string } {
  const count = messages.length;
  const plural = count > 1 ? 's' : '';
  const how = options.secret
    ? 'Si l’un d’eux vient d’une vraie personne, ouvrez son lien « Transmettre ce message » : une page vous demande de confirmer, puis le message vous est envoyé comme les autres (une seule fois).'
    : 'Si l’un d’eux vient d’une vraie personne, demandez à la personne qui administre le site de le transmettre (commande npm run messages -- --release suivie de sa référence) : le site n’a pas de clé pour signer des liens (REVALIDATE_SECRET n’est pas configuré).';
  const entries = messages.map((message, index) => {
    const purgedAt = purgeTime(message);
    const lines = [
      `${index + 1}. Reçu le ${inParis.format(message.createdAt)}`,
      `Nom : ${stripControlCharacters(message.name)}`,
      `E-mail : ${stripControlCharacters(message.email)}`,
      `Téléphone : ${stripControlCharacters(message.phone)}`,
      `Motif de la retenue : ${reasonInFrench(stripControlCharacters(message.suspectedReason ?? ''))}`,
      `Supprimé le : ${dayInParis.format(purgedAt)} (${SUSPECTED_RETENTION_DAYS} jours après sa réception, sauf s’il est transmis)`,
      `Message (${DIGEST_EXCERPT_CHARACTERS} premiers caractères) :`,
      excerpt(message.message),
      ...(options.secret
        ? [
            `Transmettre ce message : ${releaseUrl(options.siteUrl, releaseToken(message.id, purgedAt, options.secret))}`,
          ]
        : []),
      `Référence : ${message.id}`,
    ];
    return lines.join('\n');
  });
  const rest = total - count;
  const body = [
    'Bonjour,',
    '',
    `Le filtre anti-robots du formulaire de contact du site a retenu ${count} message${plural} que vous n’avez pas reçu${plural} : ${count > 1 ? 'ils ont été envoyés' : 'il a été envoyé'} trop vite ou ${count > 1 ? 'ont' : 'a'} rempli un champ invisible pour une personne, comme le font les robots. Les gestionnaires de mots de passe et le remplissage automatique le font parfois aussi : vérifiez qu’aucun client ne s’y trouve.`,
    '',
    how,
    '',
    `Sans action de votre part, chaque message retenu est supprimé ${SUSPECTED_RETENTION_DAYS} jours après sa réception (date indiquée pour chacun) ; son lien ne fonctionne plus après cette date.`,
    '',
    'Ce récapitulatif contient des données personnelles : ne le transférez pas hors du cabinet.',
    '',
    ...entries.flatMap((entry) => ['————————————————————————', entry, '']),
    ...(rest > 0
      ? [
          `${rest} autre${rest > 1 ? 's' : ''} message${rest > 1 ? 's' : ''} retenu${rest > 1 ? 's' : ''} ne figure${rest > 1 ? 'nt' : ''} pas ici (${DIGEST_MAX_MESSAGES} au plus par récapitulatif) : ${rest > 1 ? 'ils seront listés' : 'il sera listé'} dans le prochain.`,
          '',
        ]
      : []),
    '— Le site du cabinet',
    '',
  ].join('\n');
  return { subject: `Messages retenus par le filtre du site : ${count} à vérifier`, body };
}
