/** The facts the legal texts quote (messages/{fr,en}/legal.json): the texts stay prose, the facts in firm.ts. */
import type { Locale } from '@/lib/i18n/locales';
import { localeTags } from '@/lib/i18n/locales';
import {
  cnil,
  designProvider,
  firm,
  formatAddress,
  hostingProvider,
  partners,
  professionalInsurance,
} from './firm';
import { UNCONFIRMED_SUBSCRIBER_DAYS } from './retention';

export function legalFacts(locale: Locale): Record<string, string> {
  return {
    firmName: firm.name,
    legalForm: firm.legalForm[locale],
    address: formatAddress(locale),
    phone: firm.phone,
    email: firm.email,
    registration: firm.registration,
    vat: firm.vatNumber,
    director: firm.publicationDirector,
    bar: firm.bar[locale],
    barYear: String(firm.barAdmissionYear),
    partnerNames: new Intl.ListFormat(localeTags[locale], { type: 'conjunction' }).format(
      partners.map((partner) => partner.name),
    ),
    insurancePolicyholder: professionalInsurance.policyholder[locale],
    insurerName: professionalInsurance.insurer,
    insurerAddress: professionalInsurance.insurerAddress,
    insuranceCover: professionalInsurance.cover[locale],
    hostName: hostingProvider.name,
    hostAddress: hostingProvider.address,
    hostPhone: hostingProvider.phone,
    designName: designProvider.name,
    designAddress: designProvider.address,
    designPhone: designProvider.phone,
    cnilName: cnil.name,
    cnilAddress: cnil.address,
    cnilUrl: cnil.url,
    lettersUnconfirmedDays: String(UNCONFIRMED_SUBSCRIBER_DAYS),
  };
}

export function formatLegalDate(locale: Locale, isoDate: string): string {
  return new Intl.DateTimeFormat(localeTags[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
