import { describe, expect, it } from 'vitest';
import { partners } from './firm';
import { escapeText, foldLine, partnerVCard } from './vcard';

/** A small RFC 6350 reader: unfolds lines and splits each property into name, params and value. */
function parseVCard(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  return lines.map((line) => {
    const colon = line.indexOf(':');
    const [name = '', ...params] = line.slice(0, colon).split(';');
    return { name, params, value: line.slice(colon + 1) };
  });
}

function unescape(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
}

describe('partner vCard', () => {
  const [helene] = partners;
  if (!helene) throw new Error('no partner');
  const card = partnerVCard(helene, 'fr', 'https://example.test/fr/helene-sorel');
  const properties = parseVCard(card);
  const value = (name: string) => properties.find((p) => p.name === name);

  it('is a vCard 4.0 with the partner’s details', () => {
    expect(properties[0]).toMatchObject({ name: 'BEGIN', value: 'VCARD' });
    expect(properties[1]).toMatchObject({ name: 'VERSION', value: '4.0' });
    expect(properties.at(-1)).toMatchObject({ name: 'END', value: 'VCARD' });
    expect(value('FN')?.value).toBe('Hélène Sorel');
    expect(value('N')?.value).toBe('Sorel;Hélène;;;');
    expect(value('TITLE')?.value).toBe('Avocate associée fondatrice');
    expect(value('ORG')?.value).toBe('Sorel Aubry Avocats');
    expect(value('EMAIL')?.value).toBe('h.sorel@sorel-aubry-avocats.fr');
    expect(value('TEL')).toMatchObject({
      params: ['VALUE=uri', 'TYPE=work'],
      value: 'tel:+33199002401',
    });
    expect(value('ADR')?.value.split(';')).toEqual([
      '',
      '',
      '18 rue de Miromesnil',
      'Paris',
      '',
      '75008',
      'France',
    ]);
    expect(value('URL')?.value).toBe('https://example.test/fr/helene-sorel');
  });

  it('uses the English title in English', () => {
    const english = parseVCard(partnerVCard(helene, 'en', 'https://example.test/en/helene-sorel'));
    expect(english.find((p) => p.name === 'TITLE')?.value).toBe('Founding Partner');
  });

  it('escapes special characters so they survive a round trip', () => {
    const tricky = 'Sorel, Aubry; avocats\\Paris\nFrance';
    expect(unescape(escapeText(tricky))).toBe(tricky);
    expect(escapeText('a,b;c')).toBe('a\\,b\\;c');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `NOTE:${'é'.repeat(80)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});
