import { describe, expect, it } from 'vitest';
import { getMessages } from '@/lib/i18n/translator';
import { contactLimits, validateContact } from './schema';

const valid = {
  name: 'Jean Dupont',
  email: 'jean.dupont@example.fr',
  phone: '01 99 00 12 34',
  message: 'Bonjour, je souhaite un rendez-vous.',
};

const rules = {
  en: {
    name: 'Name must be at least 2 characters',
    email: 'Please enter a valid email',
    phone: 'Please enter a valid phone number',
    message: 'Message must be at least 10 characters',
  },
  fr: {
    name: 'Le nom doit contenir au moins 2 caractères',
    email: 'Veuillez saisir une adresse e-mail valide',
    phone: 'Veuillez saisir un numéro de téléphone valide',
    message: 'Le message doit contenir au moins 10 caractères',
  },
} as const;

describe.each(['fr', 'en'] as const)('contact schema in %s', (locale) => {
  const m = getMessages(locale).contact.validation;
  const errorsOf = (input: unknown) => {
    const result = validateContact(input, m);
    return result.success ? {} : result.errors;
  };

  it('accepts a valid message and trims it', () => {
    const result = validateContact({ ...valid, name: '  Jean Dupont  ' }, m);
    expect(result).toEqual({ success: true, data: valid });
  });

  it('shows the validation message of each field below its minimum', () => {
    expect(errorsOf({ name: 'J', email: 'jean@', phone: '1234', message: '123456789' })).toEqual(
      rules[locale],
    );
  });

  it('accepts each field exactly at its minimum', () => {
    expect(errorsOf({ ...valid, name: 'Jo', phone: '12345', message: '1234567890' })).toEqual({});
  });

  it('counts the minimum after trimming', () => {
    expect(errorsOf({ ...valid, name: ' J ', message: '   short    ' })).toEqual({
      name: rules[locale].name,
      message: rules[locale].message,
    });
  });

  it('rejects missing fields and wrong types with the field message', () => {
    expect(errorsOf({})).toEqual(rules[locale]);
    expect(errorsOf({ name: 42, email: null, phone: [], message: {} })).toEqual(rules[locale]);
  });

  it('enforces the maximum lengths', () => {
    const at = {
      name: 'n'.repeat(contactLimits.name.max),
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.fr`,
      phone: '1'.repeat(contactLimits.phone.max),
      message: 'm'.repeat(contactLimits.message.max),
    };
    expect(at.email.length).toBe(254);
    expect(errorsOf(at)).toEqual({});
    const over = errorsOf({
      name: `${at.name}n`,
      email: `a${at.email}`,
      phone: `${at.phone}1`,
      message: `${at.message}m`,
    });
    expect(over).toEqual({
      name: m.nameMax,
      email: rules[locale].email,
      phone: rules[locale].phone,
      message: m.messageMax,
    });
  });

  it('refuses line breaks and control characters in single-line fields', () => {
    expect(errorsOf({ ...valid, name: 'Jean\r\nBcc: x@example.com' })).toEqual({
      name: m.nameLine,
    });
    expect(errorsOf({ ...valid, phone: '0123\n456789' })).toEqual({ phone: rules[locale].phone });
    expect(errorsOf({ ...valid, email: 'jean@example.fr\r\nBcc: x@example.com' })).toEqual({
      email: rules[locale].email,
    });
  });

  it('allows line breaks but not other control characters in the message', () => {
    expect(errorsOf({ ...valid, message: 'Bonjour,\r\n\tligne deux.' })).toEqual({});
    expect(errorsOf({ ...valid, message: 'Bonjour\u0000 maître' })).toEqual({
      message: m.messageControl,
    });
  });
});

it('has French messages that differ from the English ones', () => {
  const fr = getMessages('fr').contact.validation;
  const en = getMessages('en').contact.validation;
  for (const key of Object.keys(fr) as Array<keyof typeof fr>) expect(fr[key]).not.toBe(en[key]);
});
