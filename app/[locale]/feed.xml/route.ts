import { connection } from 'next/server';
import { getPublishedArticles, localizedArticle } from '@/lib/articles';
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
    return [
      '<item>',
      `<title>${escapeXml(title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      summary ? `<description>${escapeXml(summary)}</description>` : '',
      article.date
        ? `<pubDate>${new Date(`${article.date}T00:00:00Z`).toUTCString()}</pubDate>`
        : '',
      ...article.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      '</item>',
    ].join('');
  });
  const self = canonicalUrl(locale, '/feed.xml');
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
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
