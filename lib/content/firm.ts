/** The firm's facts, placeholders for the real firm; phone numbers are from ARCEP's fiction range. */
import type { Locale } from '@/lib/i18n/locales';

export type Localized<T = string> = Record<Locale, T>;

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  country: Localized;
  countryCode: string;
}

export const firm = {
  name: 'Sorel Aubry Avocats',
  legalForm: {
    fr: 'SELARL Sorel Aubry Avocats, société d’exercice libéral à responsabilité limitée d’avocats, au capital de 10 000 €',
    en: 'SELARL Sorel Aubry Avocats, a professional limited liability company of lawyers (société d’exercice libéral à responsabilité limitée d’avocats) with a share capital of €10,000',
  } satisfies Localized,
  capital: '10 000 €',
  registration: 'RCS Paris 000 000 000',
  vatNumber: 'FR00 000000000',
  bar: { fr: 'Barreau de Paris', en: 'Paris Bar (Barreau de Paris)' } satisfies Localized,
  barAdmissionYear: 2008,
  address: {
    street: '18 rue de Miromesnil',
    postalCode: '75008',
    city: 'Paris',
    country: { fr: 'France', en: 'France' },
    countryCode: 'FR',
  } satisfies PostalAddress,
  email: 'contact@sorel-aubry-avocats.fr',
  phone: '+33 1 99 00 24 00',
  linkedin: 'https://www.linkedin.com/company/sorel-aubry-avocats',
  tagline: {
    fr: 'Nous maîtrisons les détails. Pour que vous n’ayez pas à le faire.',
    en: 'We master the details. So, you don’t have to.',
  } satisfies Localized,
  description: {
    fr: 'Cabinet d’avocats dédié au droit social, aux côtés des entreprises et des dirigeants.',
    en: 'A law firm dedicated to employment and labour law, alongside companies and executives.',
  } satisfies Localized,
  publicationDirector: 'Hélène Sorel',
  /** How soon the firm answers a contact message, as the form and its answer say. */
  replyDelay: { fr: 'deux jours ouvrés', en: 'two working days' } satisfies Localized,
  /** The copyright notice's first year. */
  siteOpenedYear: 2025,
  /**
   * Each policy's "last updated": the cookie policy keeps the launch date; the privacy policy's
   * moves when its text does (docs/behaviour.md, "Addresses").
   */
  policiesUpdated: { privacy: '2026-11-28', cookies: '2025-05-06' },
  /** Map of the office, opened only at the visitor's request (consent rules). */
  map: {
    latitude: 48.8729,
    longitude: 2.3165,
    /** west, south, east, north of the embedded map. */
    bbox: [2.3105, 48.8699, 2.3225, 48.8759],
  },
} as const;

export const hostingProvider = {
  name: 'Nuage Hexagone SAS',
  address: '5 avenue de l’Exemple, 69002 Lyon, France',
  phone: '+33 4 99 00 10 10',
} as const;

/** Named in the legal notice as the consumer code asks (art. L111-2 and R111-2): the bar's collective policy. */
export const professionalInsurance = {
  policyholder: {
    fr: 'l’Ordre des avocats de Paris',
    en: 'the Paris Bar (Ordre des avocats de Paris)',
  } satisfies Localized,
  /** Placeholder: the insurer of the bar's policy in force. */
  insurer: 'Mutuelle Exemple des Professions Juridiques',
  insurerAddress: '10 rue de l’Exemple, 75009 Paris',
  /** Placeholder: the geographic cover of the policy in force. */
  cover: {
    fr: 'le monde entier, à l’exception des États-Unis et du Canada',
    en: 'worldwide, except the United States and Canada',
  } satisfies Localized,
} as const;

export const designProvider = {
  name: 'Atelier Pixel Droit SARL',
  address: '12 rue de l’Exemple, 75011 Paris, France',
  /** Placeholder from ARCEP's fiction range: the firm gave no number. */
  phone: '+33 1 99 00 35 35',
} as const;

/** The mediator's name changes with each term: edit it here only. */
export const consumerMediator = {
  name: 'Médiateur de la consommation de la profession d’avocat',
  address: '180 boulevard Haussmann, 75008 Paris',
  url: 'https://mediateur-consommation-avocat.fr',
} as const;

export const cnil = {
  name: 'Commission nationale de l’informatique et des libertés (CNIL)',
  address: '3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07',
  url: 'https://www.cnil.fr',
} as const;

export type PartnerId = 'helene-sorel' | 'julien-aubry';

export interface Partner {
  id: PartnerId;
  name: string;
  givenName: string;
  familyName: string;
  profilePath: `/${PartnerId}`;
  role: Localized;
  email: string;
  phone: string;
  linkedin: string;
  photo: { src: string; width: 450; height: 600 };
  /** Certified specialisation (Conseil national des barreaux): the only use of 'spécialiste'. */
  specialisation: Localized;
  education: readonly EducationEntry[];
  /** Shown on the first partner's profile only. */
  recognition?: readonly Recognition[];
  /** Shown on the second partner's profile only; labels live in messages/partners. */
  areas?: readonly PartnerArea[];
  languages: readonly string[];
}

export interface EducationEntry {
  title: Localized;
  institution?: string;
  year?: number;
}

export interface Recognition {
  ranking: string;
  year: number;
  category: Localized;
}

export type PartnerArea = 'restructuring' | 'negotiation' | 'mergers' | 'litigation';

const specialisation: Localized = {
  fr: 'Titulaire du certificat de spécialisation en droit du travail',
  en: 'Holder of the certificate of specialisation in employment law (droit du travail)',
};

const barAdmission: EducationEntry = {
  title: { fr: 'Prestation de serment, Barreau de Paris', en: 'Admitted to the Paris Bar' },
  year: 2008,
};

export const partners: readonly Partner[] = [
  {
    id: 'helene-sorel',
    name: 'Hélène Sorel',
    givenName: 'Hélène',
    familyName: 'Sorel',
    profilePath: '/helene-sorel',
    role: { fr: 'Avocate associée fondatrice', en: 'Founding Partner' },
    email: 'h.sorel@sorel-aubry-avocats.fr',
    phone: '+33 1 99 00 24 01',
    linkedin: 'https://www.linkedin.com/in/helene-sorel-avocate',
    photo: { src: '/images/partner-helene-sorel.jpg', width: 450, height: 600 },
    specialisation,
    education: [
      barAdmission,
      {
        title: { fr: 'Master 2 Droit social', en: 'Master’s degree (Master 2) in Employment Law' },
        institution: 'Université Paris 1 Panthéon-Sorbonne',
      },
      {
        title: {
          fr: 'Master 2 Droit et pratique des relations de travail',
          en: 'Master’s degree (Master 2) in Law and Practice of Employment Relations',
        },
        institution: 'Université Paris II Panthéon-Assas',
      },
    ],
    recognition: [
      {
        ranking: 'Best Lawyers',
        year: 2025,
        category: { fr: 'Droit du travail (Employment Law)', en: 'Employment Law' },
      },
      {
        ranking: 'The Legal 500 EMEA',
        year: 2024,
        category: {
          fr: 'Droit social (Employment) : avocate recommandée',
          en: 'Employment: recommended lawyer',
        },
      },
    ],
    languages: ['fr', 'en'],
  },
  {
    id: 'julien-aubry',
    name: 'Julien Aubry',
    givenName: 'Julien',
    familyName: 'Aubry',
    profilePath: '/julien-aubry',
    role: { fr: 'Avocat associé fondateur', en: 'Founding Partner' },
    email: 'j.aubry@sorel-aubry-avocats.fr',
    phone: '+33 1 99 00 24 02',
    linkedin: 'https://www.linkedin.com/in/julien-aubry-avocat',
    photo: { src: '/images/partner-julien-aubry.jpg', width: 450, height: 600 },
    specialisation,
    education: [
      barAdmission,
      {
        title: {
          fr: 'Master 2 Droit social et ressources humaines',
          en: 'Master’s degree (Master 2) in Employment Law and Human Resources',
        },
        institution: 'Université Paris-Nanterre',
      },
      {
        title: {
          fr: 'Diplôme de juriste conseil d’entreprise (DJCE)',
          en: 'Corporate Legal Counsel Diploma (DJCE)',
        },
        institution: 'Université de Montpellier',
      },
    ],
    areas: ['restructuring', 'negotiation', 'mergers', 'litigation'],
    languages: ['fr', 'en'],
  },
];

export function findPartner(id: string): Partner | undefined {
  return partners.find((partner) => partner.id === id);
}

/** Home-page sections and their anchors, in order (docs/behaviour.md, Home page). */
export const homeSections = [
  { id: 'accueil', nav: 'home' },
  { id: 'a-propos', nav: 'team' },
  { id: 'intro', nav: 'expertise' },
  { id: 'expertises', nav: null },
  { id: 'presse', nav: 'distinctions' },
  { id: 'contact', nav: 'contact' },
] as const;

export type HomeSectionId = (typeof homeSections)[number]['id'];

/** The six expertise-overview cards; texts in messages/home 'overview'. */
export const expertiseOverview = [
  'directors',
  'strategic',
  'restructuring',
  'collective',
  'litigation',
  'compliance',
] as const;
export type ExpertiseOverviewId = (typeof expertiseOverview)[number];

/** The eight expertise areas; texts in messages/home 'areas'. */
export const expertiseAreas = [
  'directors',
  'individual',
  'restructuring',
  'negotiation',
  'mergers',
  'litigation',
  'security',
  'mobility',
] as const;
export type ExpertiseAreaId = (typeof expertiseAreas)[number];

/** The two testimonials quote these rankings; quotes in messages/home 'press'. */
export const testimonials = [
  { id: 'bestLawyers', ranking: 'Best Lawyers', year: 2025 },
  { id: 'legal500', ranking: 'The Legal 500 EMEA', year: 2024 },
] as const;

export const award = {
  label: 'Best Lawyers 2025',
  image: { src: '/images/award-best-lawyers-2025.png', width: 320, height: 320 },
} as const;

/** The home hero (3:4, the page's largest paint). */
export const heroImage = {
  src: '/images/hero-architecture.jpg',
  width: 1200,
  height: 1600,
} as const;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const yearInParis = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Paris', year: 'numeric' });

/** Computed at each render, in Paris, never typed: '2025–2026'. */
export function copyrightYears(now: Date = new Date()): string {
  const current = Number(yearInParis.format(now));
  return current > firm.siteOpenedYear ? `${firm.siteOpenedYear}–${current}` : String(current);
}

export function formatAddress(locale: Locale, address: PostalAddress = firm.address): string {
  return `${address.street}, ${address.postalCode} ${address.city}, ${address.country[locale]}`;
}

/** The OpenStreetMap embed of the office, loaded only at the visitor's request. */
export function mapEmbedUrl(): string {
  const { bbox, latitude, longitude } = firm.map;
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox.join('%2C')}&layer=mapnik&marker=${latitude}%2C${longitude}`;
}

/** A plain link, which loads nothing here. */
export function mapPageUrl(): string {
  const { latitude, longitude } = firm.map;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
