/**
 * What Tailwind writes that no browser the site serves reads (docs/architecture.md, "The
 * stylesheet"): the `@layer properties` block, which gives its custom properties their initial
 * values in browsers without `@property` (Safari before 16.4, Firefox before 128), and the base
 * layer's resets of form controls the site never renders (date and time fields, file pickers,
 * number spinners, search fields, progress bars, list boxes). Every page carries the sheet inline.
 */
const unread =
  /::-webkit-(date|datetime|calendar|inner-spin|outer-spin|search)|::file-selector-button|^progress$|optgroup/;

export default function trimUnread() {
  return {
    postcssPlugin: 'trim-unread',
    AtRule: {
      layer(layer) {
        if (layer.params === 'properties' && layer.nodes) layer.remove();
        if (layer.params !== 'base') return;
        layer.walkRules((rule) => {
          const kept = rule.selectors.filter((selector) => !unread.test(selector));
          if (kept.length === 0) rule.remove();
          else rule.selectors = kept;
        });
      },
    },
  };
}
trimUnread.postcss = true;
