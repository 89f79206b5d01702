/** vCard 4.0 (RFC 6350). */
import type { Locale } from '@/lib/i18n/locales';
import { firm, telHref, type Partner } from './firm';

/** RFC 6350 §3.4: backslash, comma, semicolon and newline are escaped in text values. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 6350 §3.2: lines longer than 75 octets continue on the next line after CRLF and a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function partnerVCard(partner: Partner, locale: Locale, profileUrl: string): string {
  const { address } = firm;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    'KIND:individual',
    `FN:${escapeText(partner.name)}`,
    `N:${escapeText(partner.familyName)};${escapeText(partner.givenName)};;;`,
    `TITLE:${escapeText(partner.role[locale])}`,
    `ROLE:${escapeText(locale === 'fr' ? `Avocat, ${firm.bar.fr}` : `Avocat, ${firm.bar.en}`)}`,
    `ORG:${escapeText(firm.name)}`,
    `EMAIL;TYPE=work:${partner.email}`,
    `TEL;VALUE=uri;TYPE=work:${telHref(partner.phone)}`,
    `ADR;TYPE=work:;;${escapeText(address.street)};${escapeText(address.city)};;${escapeText(address.postalCode)};${escapeText(address.country[locale])}`,
    `URL:${profileUrl}`,
    'END:VCARD',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
