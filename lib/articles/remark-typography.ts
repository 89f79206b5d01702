import type { Locale } from '@/lib/i18n/locales';
import { typography } from '@/lib/i18n/typography';

/** The part of a markdown tree (mdast) this plugin reads. */
interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

/** Nodes inside a line of text: the character before a text node may sit in one of them. */
const inline = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference', 'break']);

/**
 * A remark plugin: the typography of `locale` (./typography.ts) on the text of an article's body.
 * Code spans and blocks are other node types and stay as typed; each text node is set knowing the
 * character before it in its paragraph, so a quote after emphasis closes.
 */
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
