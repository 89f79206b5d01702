import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/i18n/locales';
import { remarkTypography } from './remark-typography';

const render = (markdown: string, locale: Locale) =>
  renderToStaticMarkup(
    createElement(Markdown, { remarkPlugins: [remarkGfm, [remarkTypography, locale]] }, markdown),
  ).replaceAll('\u00a0', '_');

describe('the typography of an article body', () => {
  it('sets the text in French and leaves code, autolinks and e-mail addresses as typed', () => {
    expect(
      render(
        'L\'écart : "**réel**" ; voir `a : b` et https://x.fr/a:b ou rh@x.fr\n\n```\nx : "y"\n```',
        'fr',
      ),
    ).toBe(
      '<p>L’écart_: «_<strong>réel</strong>_»_; voir <code>a : b</code> et ' +
        '<a href="https://x.fr/a:b">https://x.fr/a:b</a> ou <a href="mailto:rh@x.fr">rh@x.fr</a></p>\n' +
        '<pre><code>x : &quot;y&quot;\n</code></pre>',
    );
  });

  it('sets link texts and headings, and English bodies by English rules', () => {
    expect(render("## Qu'en dire ?\n\n[l'arrêt](https://x.fr) !", 'fr')).toBe(
      '<h2>Qu’en dire_?</h2>\n<p><a href="https://x.fr">l’arrêt</a>_!</p>',
    );
    expect(render('The "rule" : it\'s *new* !', 'en')).toBe(
      '<p>The “rule”: it’s <em>new</em>!</p>',
    );
  });
});
