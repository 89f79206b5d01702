import 'server-only';
import { config } from '@/lib/config';
import { describe } from '@/lib/errors';
import { locales, type Locale } from '@/lib/i18n/locales';
import { createMailer } from '@/lib/mail/mailer';
import { wakeOutbox } from '@/lib/mail/runtime';
import type { ArticleForLetter, LetterArticle } from './article';
import { composeLetter } from './compose';
import { sendArticle, sendView, subscriberCounts, type SendView } from './sending';
import type { LettersStore } from './store';

/**
 * The editors' sidebar "Envoyer aux abonnés…" (integrations/google-sheets), through the routes
 * under /api/letters/<slug>: each answer is a status and a JSON body whose `message`, in French,
 * the sidebar shows as it is.
 */
export interface DeskAnswer {
  status: number;
  body: Record<string, unknown>;
}

const parisDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  }).format(new Date(iso));

/** The state in the editors' words (docs/editors.md, "Envoyer aux abonnés"). */
export function describeSend(view: SendView): string {
  switch (view.state) {
    case 'none':
      return 'Cet article n’a pas encore été envoyé aux abonnés.';
    case 'queued':
      return `Envoi programmé le ${parisDate(view.createdAt)} : il partira dès que l’article sera en ligne${view.publishAt ? ` (${parisDate(view.publishAt)})` : ''}.`;
    case 'sending':
      return `Envoi en cours : ${view.sent} sur ${view.total}.`;
    case 'sent':
      return `Envoyé le ${parisDate(view.finishedAt)} à ${view.sent} abonné${view.sent > 1 ? 's' : ''}${view.refused > 0 ? ` (${view.refused} adresse${view.refused > 1 ? 's' : ''} refusée${view.refused > 1 ? 's' : ''})` : ''}.`;
    case 'cancelled':
      return `Envoi annulé le ${parisDate(view.cancelledAt)} : aucune lettre n’est partie.`;
    case 'stopped':
      return `Envoi arrêté le ${parisDate(view.stoppedAt)} : ${view.sent} lettre${view.sent > 1 ? 's' : ''} ${view.sent > 1 ? 'sont parties' : 'est partie'}, ${view.dropped} ${view.dropped > 1 ? 'ne partiront pas' : 'ne partira pas'}.`;
  }
}

const unavailable: DeskAnswer = {
  status: 502,
  body: {
    error: 'sheet-unavailable',
    message:
      'Le site n’a pas pu relire la feuille. Réessayez dans quelques minutes ; rien n’a été envoyé.',
  },
};

const noArticle = (slug: string): DeskAnswer => ({
  status: 404,
  body: {
    error: 'no-article',
    message: `Aucune ligne de la feuille n’a l’adresse « ${slug} ». Choisissez la ligne d’un article qui a un titre.`,
  },
});

function context() {
  const { SITE_URL, REVALIDATE_SECRET, CONTACT_FROM } = config();
  return { siteUrl: SITE_URL, secret: REVALIDATE_SECRET ?? '', from: CONTACT_FROM };
}

/** The subscriber id of previews and tests: its unsubscribe link unsubscribes no one. */
const SAMPLE_SUBSCRIBER = '00000000-0000-0000-0000-000000000000';

async function article(
  articleFor: ArticleForLetter,
  slug: string,
): Promise<LetterArticle | DeskAnswer> {
  const found = await articleFor(slug, { fresh: true });
  if (found === 'unavailable') return unavailable;
  return found ?? noArticle(slug);
}

const isAnswer = (value: LetterArticle | DeskAnswer): value is DeskAnswer => 'status' in value;

async function stateBody(store: LettersStore, slug: string, publishAt: string | null) {
  const view = await sendView(store, await store.findSend(slug), publishAt);
  return { send: view, state: describeSend(view) };
}

/** GET: the letter in each language as it will be sent, the subscribers, the send's state. */
export async function deskView(
  store: LettersStore,
  articleFor: ArticleForLetter,
  slug: string,
): Promise<DeskAnswer> {
  const found = await article(articleFor, slug);
  if (isAnswer(found)) return found;
  const letters = Object.fromEntries(
    locales.map((locale) => {
      const email = composeLetter(
        {
          article: found,
          locale,
          to: '',
          subscriberId: SAMPLE_SUBSCRIBER,
          messageKey: 'apercu',
        },
        context(),
      );
      return [locale, { subject: email.subject, text: email.text }];
    }),
  );
  return {
    status: 200,
    body: {
      slug,
      title: found.text.fr.title,
      online: found.online,
      publishAt: found.publishAt,
      letters,
      subscribers: await subscriberCounts(store),
      ...(await stateBody(store, slug, found.publishAt)),
    },
  };
}

/** The exact letters, each language, to CONTACT_TO, "[Essai]" in the subject; sent now. */
export async function deskTest(
  articleFor: ArticleForLetter,
  slug: string,
  now: number,
): Promise<DeskAnswer> {
  const found = await article(articleFor, slug);
  if (isAnswer(found)) return found;
  const settings = config();
  const mailer = createMailer({ smtpUrl: settings.SMTP_URL, outboxDir: settings.OUTBOX_DIR });
  try {
    for (const locale of locales) {
      const email = composeLetter(
        {
          article: found,
          locale: locale as Locale,
          to: settings.CONTACT_TO,
          subscriberId: SAMPLE_SUBSCRIBER,
          messageKey: `essai.${slug}.${locale}.${now}`,
          test: true,
        },
        context(),
      );
      await mailer.send(email, `letter-test-${slug}-${locale}-${now}`);
    }
  } catch (error) {
    console.error(`[letters] test letter of ${slug} not sent: ${describe(error)}`);
    return {
      status: 502,
      body: {
        error: 'not-sent',
        message:
          'L’essai n’a pas pu être envoyé : le serveur d’e-mail ne répond pas. Réessayez dans quelques minutes.',
      },
    };
  } finally {
    mailer.close();
  }
  return {
    status: 200,
    body: {
      sent: locales.length,
      message: `Essai envoyé à ${settings.CONTACT_TO} : une lettre en français et une en anglais.`,
    },
  };
}

/** The send, once per article: started if the article is online, else queued until it is. */
export async function deskSend(
  store: LettersStore,
  articleFor: ArticleForLetter,
  slug: string,
  now: number,
): Promise<DeskAnswer> {
  const found = await article(articleFor, slug);
  if (isAnswer(found)) return found;
  const existing = await store.findSend(slug);
  if (!existing && (await subscriberCounts(store)).total === 0)
    return {
      status: 409,
      body: {
        error: 'no-subscriber',
        message: 'Il n’y a encore aucun abonné confirmé : rien à envoyer.',
      },
    };
  const outcome = await sendArticle(store, found, now);
  if (outcome.kind === 'started') wakeOutbox();
  const state = await stateBody(store, slug, found.publishAt);
  if (outcome.kind === 'refused')
    return {
      status: 409,
      body: {
        error: 'already-sent',
        firstSentAt: new Date(outcome.send.createdAt).toISOString(),
        message: `Cet article a déjà été envoyé aux abonnés : envoi demandé le ${parisDate(new Date(outcome.send.createdAt).toISOString())}. Un article ne part qu’une fois. ${state.state}`,
        ...state,
      },
    };
  return { status: 200, body: { outcome: outcome.kind, message: state.state, ...state } };
}

/** Cancel or stop: one state change of the slug's send, or a 409 saying there was none to make. */
async function changeSend(
  store: LettersStore,
  slug: string,
  change: (sendId: string) => Promise<unknown>,
  refusal: { error: string; message: string },
): Promise<DeskAnswer> {
  const send = await store.findSend(slug);
  const changed = send && (await change(send.id));
  const state = await stateBody(store, slug, null);
  if (changed) return { status: 200, body: { message: state.state, ...state } };
  return {
    status: 409,
    body: { error: refusal.error, message: `${refusal.message} ${state.state}`, ...state },
  };
}

/** A queued send will not go. */
export function deskCancel(store: LettersStore, slug: string, now: number): Promise<DeskAnswer> {
  return changeSend(store, slug, (id) => store.cancelSend(id, now), {
    error: 'not-queued',
    message: 'Il n’y a pas d’envoi programmé à annuler.',
  });
}

/** A send in progress stops: the letters not yet sent are dropped; says how many went out. */
export function deskStop(store: LettersStore, slug: string, now: number): Promise<DeskAnswer> {
  return changeSend(store, slug, (id) => store.stopSend(id, now), {
    error: 'not-sending',
    message: 'Il n’y a pas d’envoi en cours à arrêter.',
  });
}
