import { describe, expect, it } from 'vitest';
import { subscribeInput, validateAddress } from './subscription';

describe('the subscription form’s fields', () => {
  it('takes the letters’ language when given, else the page’s', () => {
    expect(subscribeInput({ email: 'a@example.test', letters: 'en' }, 'fr').letters).toBe('en');
    expect(subscribeInput({ email: 'a@example.test', letters: 'de' }, 'fr').letters).toBe('fr');
    expect(subscribeInput({ email: 'a@example.test' }, 'en').letters).toBe('en');
  });

  it('records a page of this site only', () => {
    expect(subscribeInput({ page: '/fr/blog/un-article' }, 'fr').page).toBe('/fr/blog/un-article');
    for (const page of ['//attacker.example/', 'https://attacker.example/', 42, undefined])
      expect(subscribeInput({ page }, 'fr').page).toBe('/');
    expect(subscribeInput({ page: `/${'x'.repeat(1000)}` }, 'fr').page).toHaveLength(300);
  });

  it('checks the address, with the error in the form’s language', () => {
    expect(validateAddress('  lectrice@example.test ', 'fr')).toEqual({
      ok: true,
      address: 'lectrice@example.test',
    });
    expect(validateAddress('', 'fr')).toEqual({
      ok: false,
      error: 'Veuillez saisir votre adresse e-mail',
    });
    expect(validateAddress('nom@exemple', 'en')).toEqual({
      ok: false,
      error: 'Please enter a valid e-mail address, for example name@example.com',
    });
    expect(validateAddress(`${'a'.repeat(250)}@example.test`, 'fr')).toEqual({
      ok: false,
      error: 'L’adresse e-mail ne doit pas dépasser 254 caractères',
    });
  });
});
