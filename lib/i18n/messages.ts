import enArticles from '@/messages/en/articles.json';
import enCommon from '@/messages/en/common.json';
import enConsent from '@/messages/en/consent.json';
import enContact from '@/messages/en/contact.json';
import enHome from '@/messages/en/home.json';
import enLegal from '@/messages/en/legal.json';
import enLetters from '@/messages/en/letters.json';
import enPartners from '@/messages/en/partners.json';
import frArticles from '@/messages/fr/articles.json';
import frCommon from '@/messages/fr/common.json';
import frConsent from '@/messages/fr/consent.json';
import frContact from '@/messages/fr/contact.json';
import frHome from '@/messages/fr/home.json';
import frLegal from '@/messages/fr/legal.json';
import frLetters from '@/messages/fr/letters.json';
import frPartners from '@/messages/fr/partners.json';
import type { Locale } from './locales';

/** French is the base language: its dictionary defines the keys. */
const fr = {
  common: frCommon,
  home: frHome,
  partners: frPartners,
  legal: frLegal,
  articles: frArticles,
  contact: frContact,
  consent: frConsent,
  letters: frLetters,
};

export type Messages = typeof fr;

const en: Messages = {
  common: enCommon,
  home: enHome,
  partners: enPartners,
  legal: enLegal,
  articles: enArticles,
  contact: enContact,
  consent: enConsent,
  letters: enLetters,
};

export const dictionaries: Record<Locale, Messages> = { fr, en };
