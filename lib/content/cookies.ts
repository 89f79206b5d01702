/** The cookie policy's table, rendered as it is: the one place to edit when a tool comes or goes. */
import {
  CONSENT_CATEGORIES_COOKIE,
  CONSENT_COOKIE,
  type ConsentCategory,
} from '@/lib/consent/model';
import { OBJECTION_COOKIE } from '@/lib/consent/objection';
import { SESSION_COOKIE } from '@/lib/session-cookie';
import type { Localized } from './firm';

export interface CookieEntry {
  name: string;
  category: ConsentCategory;
  purpose: Localized;
  duration: Localized;
}

export const cookieTable: readonly CookieEntry[] = [
  {
    name: CONSENT_COOKIE,
    category: 'necessary',
    purpose: {
      fr: 'Mémorise que vous avez fait votre choix concernant les cookies, qu’il s’agisse d’accepter ou de refuser (les catégories choisies sont dans le cookie suivant), ou que vous avez fermé le bandeau sans choisir : il est alors conservé 1 jour.',
      en: 'Remembers that you made your cookie choice, whether to accept or to refuse (the chosen categories are in the next cookie), or that you closed the banner without choosing: it is then kept for 1 day.',
    },
    duration: { fr: '1 an', en: '1 year' },
  },
  {
    name: CONSENT_CATEGORIES_COOKIE,
    category: 'necessary',
    purpose: {
      fr: 'Mémorise les catégories de cookies que vous avez acceptées.',
      en: 'Remembers the cookie categories you accepted.',
    },
    duration: { fr: '1 an', en: '1 year' },
  },
  {
    name: SESSION_COOKIE,
    category: 'necessary',
    purpose: {
      fr: 'Cookie technique de session : mémorise, pour cette session de navigation, que vous avez fermé l’écran d’accueil, afin qu’il ne s’affiche plus.',
      en: 'Technical session cookie: remembers, for this browser session, that you closed the welcome screen, so that it is not shown again.',
    },
    duration: {
      fr: 'Session (supprimé à la fermeture du navigateur)',
      en: 'Session (deleted when the browser closes)',
    },
  },
  {
    name: OBJECTION_COOKIE,
    category: 'necessary',
    purpose: {
      fr: 'Mémorise votre opposition à la mesure d’audience sans cookie du site (voir plus bas), afin que vos pages vues ne soient plus comptées ; il n’est déposé que si vous vous y opposez.',
      en: 'Remembers your objection to the website’s audience measurement without cookies (see below), so that your page views are no longer counted; it is set only if you object.',
    },
    duration: { fr: '1 an', en: '1 year' },
  },
  {
    name: '_ga',
    category: 'analytics',
    purpose: {
      fr: 'Google Analytics : distingue les visiteurs par un identifiant aléatoire (pseudonyme) pour établir des statistiques de fréquentation.',
      en: 'Google Analytics: tells visitors apart by a random (pseudonymous) identifier to produce visit statistics.',
    },
    duration: { fr: '2 ans', en: '2 years' },
  },
  {
    name: '_gid',
    category: 'analytics',
    purpose: {
      fr: 'Google Analytics : regroupe les pages consultées au cours d’une même journée.',
      en: 'Google Analytics: groups the pages viewed during the same day.',
    },
    duration: { fr: '24 heures', en: '24 hours' },
  },
  {
    name: '_gat',
    category: 'analytics',
    purpose: {
      fr: 'Google Analytics : limite la fréquence des requêtes de mesure.',
      en: 'Google Analytics: limits the rate of measurement requests.',
    },
    duration: { fr: '1 minute', en: '1 minute' },
  },
];
