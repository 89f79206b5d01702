import { describe, expect, it } from 'vitest';
import { typography } from './typography';

// Written with a visible stand-in for the no-break space, for readable expectations.
const nb = (text: string) => text.replaceAll('_', '\u00a0');
const fr = (text: string, before?: string) => typography(text, 'fr', before);
const en = (text: string, before?: string) => typography(text, 'en', before);

describe('French typography of sheet text', () => {
  it('binds : ; ? ! and » to the word before, « to the word after', () => {
    expect(fr('Rupture conventionnelle : la contribution')).toBe(
      nb('Rupture conventionnelle_: la contribution'),
    );
    expect(fr('Prêt ? Oui ; enfin ! la loi « Informatique et Libertés »')).toBe(
      nb('Prêt_? Oui_; enfin_! la loi «_Informatique et Libertés_»'),
    );
    expect(fr('la loi «Informatique»')).toBe(nb('la loi «_Informatique_»'));
  });

  it('adds the space French wants where the editor typed none, and turns a narrow one into U+00A0', () => {
    expect(fr('Attention: vraiment?! Oui.')).toBe(nb('Attention_: vraiment_?! Oui.'));
    expect(fr('Vraiment\u202f?')).toBe(nb('Vraiment_?'));
  });

  it('makes apostrophes and double quotes typographic', () => {
    expect(fr("l'égalité professionnelle, aujourd'hui")).toBe(
      'l’égalité professionnelle, aujourd’hui',
    );
    expect(fr('c\'est "la transparence" voulue')).toBe(nb('c’est «_la transparence_» voulue'));
    expect(fr('"Citation" en tête')).toBe(nb('«_Citation_» en tête'));
  });

  it('keeps a number with its % or €', () => {
    expect(fr('une contribution de 30 % et 50 €, ou 5%')).toBe(
      nb('une contribution de 30_% et 50_€, ou 5_%'),
    );
  });

  it('leaves times, addresses, e-mail addresses and emoticons as typed', () => {
    for (const text of [
      'Réunion à 10:30 précises',
      "voir http://x.fr/a:b et https://exemple.fr/l'article?x=1 ensuite",
      'le schéma http:// seul',
      'écrire à rh@exemple.fr',
      'merci :) et ;-) et :-(',
    ])
      expect(fr(text)).toBe(text);
  });

  it('treats the text around an address, not the address', () => {
    expect(fr("lire https://exemple.fr/a:b : c'est clair")).toBe(
      nb('lire https://exemple.fr/a:b_: c’est clair'),
    );
  });

  it('tells a closing quote from an opening one by the character before the text', () => {
    // `"Le **mot**" suite`: the last text node begins with the closing quote.
    expect(fr('" suite', 't')).toBe(nb('_» suite'));
    expect(fr('"suite', ' ')).toBe(nb('«_suite'));
    expect(fr(': la suite', 't')).toBe(nb('_: la suite'));
  });

  it('changes nothing in text already right (the same result twice)', () => {
    const right = nb('Rupture conventionnelle_: l’égalité «_réelle_»_? 30_%_!');
    expect(fr(right)).toBe(right);
    const typed = 'Il dit : "c\'est 50 % de plus ; vraiment ?" Oui !';
    expect(fr(fr(typed))).toBe(fr(typed));
  });
});

describe('English typography of sheet text', () => {
  it('curls quotes and apostrophes', () => {
    expect(en("the employer's \"duty\" and 'fairness'")).toBe(
      'the employer’s “duty” and ‘fairness’',
    );
  });

  it('takes no space before its punctuation and adds no French spaces', () => {
    expect(en('Pay transparency : preparing ; really ? 5% or 50 €')).toBe(
      'Pay transparency: preparing; really? 5% or 50 €',
    );
    expect(en('See https://exemple.fr/a :)')).toBe('See https://exemple.fr/a :)');
    expect(en('Meet at 10:30.')).toBe('Meet at 10:30.');
  });

  it('changes nothing in text already right', () => {
    const right = 'The employer’s “duty”: publish?';
    expect(en(right)).toBe(right);
  });
});
