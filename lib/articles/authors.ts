import { partners, type Partner, type PartnerId } from '@/lib/content/firm';

export interface AuthorReading {
  authors: PartnerId[];
  unknown: string[];
}

function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[\s.\-_'’]+/)
    .filter(Boolean);
}

const titles = new Set(['me', 'maitre', 'mme', 'madame', 'm', 'monsieur', 'mr', 'mrs', 'ms']);

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((word, i) => word === b[i]);

/**
 * Full name in either order, family name alone, or initial and family name. A given name alone
 * could be a colleague's; spelling is exact: a byline under the wrong name is worse than none.
 */
function names(partner: Partner, given: readonly string[]): boolean {
  const first = words(partner.givenName);
  const family = words(partner.familyName);
  const initial = first.map((word) => word[0] ?? '');
  return [
    [...first, ...family],
    [...family, ...first],
    family,
    [...initial, ...family],
    [...family, ...initial],
  ].some((form) => same(form, given));
}

function partnerNamed(part: string): PartnerId | null {
  // An e-mail address, alone or as 'Hélène Sorel <h.sorel@…>', is compared whole.
  const address = /<?(?:mailto:)?([^\s<>]+@[^\s<>]+?)>?$/i.exec(part.trim())?.[1]?.toLowerCase();
  if (address) return partners.find((p) => p.email.toLowerCase() === address)?.id ?? null;
  const given = words(part);
  const candidates = [given, titles.has(given[0] ?? '') ? given.slice(1) : given];
  for (const form of candidates) {
    const found = partners.filter((partner) => names(partner, form));
    // A name that fits two partners names neither.
    if (found.length === 1) return found[0]?.id ?? null;
  }
  return null;
}

/** Any name it cannot match leaves no byline: a note written with someone else never claims one author. */
export function readAuthors(text: string): AuthorReading {
  const parts = text
    .split(/[,;&/\n]|\s(?:et|and)\s/i)
    .map((part) => part.trim())
    .filter(Boolean);
  const authors: PartnerId[] = [];
  const unknown: string[] = [];
  for (const part of parts) {
    const id = partnerNamed(part);
    if (id === null) unknown.push(part);
    else if (!authors.includes(id)) authors.push(id);
  }
  return unknown.length > 0 ? { authors: [], unknown } : { authors, unknown };
}

export function acceptedAuthorForms(): string {
  const [first] = partners;
  if (!first) return '';
  const examples = [
    first.name,
    `${first.givenName[0]}. ${first.familyName}`,
    first.familyName,
    first.email,
  ];
  return `le nom d’un associé du cabinet (${partners.map((p) => p.name).join(', ')}), écrit par exemple ${examples.map((e) => `«\u00a0${e}\u00a0»`).join(', ')}, ou deux noms séparés par une virgule`;
}
