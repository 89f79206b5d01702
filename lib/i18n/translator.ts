import { dictionaries, type Messages } from './messages';
import type { Locale } from './locales';

type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

/** Every dotted key whose value is a string, e.g. 'common.nav.home'. */
export type MessageKey<T = Messages, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? Join<P, K> : MessageKey<T[K], Join<P, K>>;
}[keyof T & string];

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

function lookup(tree: unknown, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Fills '{name}' placeholders; an unknown placeholder is left as written. */
export function interpolate(text: string, values?: Record<string, string | number>): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A missing key shows the key itself. */
export function createTranslator(
  locale: Locale,
  messages: Messages = dictionaries[locale],
): Translate {
  return (key, values) => {
    const found = lookup(messages, key);
    return typeof found === 'string' ? interpolate(found, values) : key;
  };
}

export function getTranslator(locale: Locale): Translate {
  return createTranslator(locale);
}

export function getMessages(locale: Locale): Messages {
  return dictionaries[locale];
}
