import type { Metadata } from 'next';
import { ArticlePage, articleMetadata } from '@/components/articles/article-page';
import { JsonLdScript } from '@/components/json-ld-script';
import { getPublishedArticle, localizedArticle } from '@/lib/articles';
import { localeParam } from '@/lib/i18n/params';
import { articlesBreadcrumbJsonLd } from '@/lib/seo/json-ld';

function slugParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** proxy.ts has already answered 404 for an unknown or unpublished slug. */
export async function generateMetadata({
  params,
}: PageProps<'/[locale]/actualites/[slug]'>): Promise<Metadata> {
  const { slug } = await params;
  return articleMetadata(await localeParam(params), slugParam(slug));
}

export default async function Page({ params }: PageProps<'/[locale]/actualites/[slug]'>) {
  const locale = await localeParam(params);
  const slug = slugParam((await params).slug);
  const article = await getPublishedArticle(slug);
  return (
    <>
      {article ? (
        <JsonLdScript
          data={articlesBreadcrumbJsonLd(locale, {
            title: localizedArticle(article, locale).title,
            slug: article.slug,
          })}
        />
      ) : null}
      <ArticlePage locale={locale} slug={slug} />
    </>
  );
}
