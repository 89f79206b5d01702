import { connection } from 'next/server';
import { getPublishedArticles, localizedArticle } from '@/lib/articles';
import { datePublished } from '@/lib/articles/publication';
import { partners } from '@/lib/content/firm';
import { isLocale, localeTags } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { canonicalUrl } from '@/lib/seo/metadata';

const FEED_SIZE = 50;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === "'" ? '&apos;' : '&quot;',
  );
}

/** RSS 2.0 feed of the published articles, /fr/feed.xml and /en/feed.xml (issue 4). */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/feed.xml'>) {
  await connection();
  const { locale } = await params;
  if (!isLocale(locale)) return new Response('Not found', { status: 404 });
  const t = getTranslator(locale);
  const { articles } = await getPublishedArticles();
  const items = articles.slice(0, FEED_SIZE).map((article) => {
    const { title, summary } = localizedArticle(article, locale);
    const url = canonicalUrl(locale, `/blog/${encodeURIComponent(article.slug)}`);
    // publier_le when set (a date-time), else the date column (a day).
    const published = datePublished(article);
    return [
      '<item>',
      `<title>${escapeXml(title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      summary ? `<description>${escapeXml(summary)}</description>` : '',
      published
        ? `<pubDate>${new Date(published.length === 10 ? `${published}T00:00:00Z` : published).toUTCString()}</pubDate>`
        : '',
      // Dublin Core's creator, once per partner who signed it (RSS 2.0's <author> wants an e-mail).
      ...article.authors.flatMap((id) => {
        const partner = partners.find((candidate) => candidate.id === id);
        return partner ? [`<dc:creator>${escapeXml(partner.name)}</dc:creator>`] : [];
      }),
      ...article.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      '</item>',
    ].join('');
  });
  const self = canonicalUrl(locale, '/feed.xml');
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(t('articles.feed.title'))}</title>`,
    `<link>${escapeXml(canonicalUrl(locale, '/blog'))}</link>`,
    `<description>${escapeXml(t('articles.feed.description'))}</description>`,
    `<language>${localeTags[locale]}</language>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
  return new Response(xml, {
    headers: {
      'content-type': 'application/rss+xml; charset=utf-8',
      'cache-control': 'public, max-age=300',
    },
  });
}
