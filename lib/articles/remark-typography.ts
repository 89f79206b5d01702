import type { Locale } from '@/lib/i18n/locales';
import { typography } from '@/lib/i18n/typography';

interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

/** Nodes inside a line of text: the character before a text node may sit in one of them. */
const inline = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference', 'break']);

/** Each text node knows the character before it in its paragraph, so a quote after emphasis closes. */
export function remarkTypography(locale: Locale) {
  return (tree: MarkdownNode) => {
    let before = '';
    const visit = (node: MarkdownNode) => {
      if (node.type === 'text' && node.value !== undefined) {
        node.value = typography(node.value, locale, before);
        before = node.value.slice(-1);
      } else if (node.type === 'inlineCode' && node.value !== undefined) {
        before = node.value.slice(-1);
      } else {
        if (!inline.has(node.type)) before = '';
        node.children?.forEach(visit);
        if (!inline.has(node.type)) before = '';
      }
    };
    visit(tree);
  };
}
