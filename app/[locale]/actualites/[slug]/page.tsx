import type { Metadata } from 'next';
import { ArticlePage, articleMetadata } from '@/components/articles/article-page';
import { JsonLdScript } from '@/components/json-ld-script';
import { articleToShow, localizedArticle } from '@/lib/articles';
import { isPreviewToken, PREVIEW_PARAM } from '@/lib/articles/preview';
import { config } from '@/lib/config';
import { localeParam } from '@/lib/i18n/params';
import { articlesBreadcrumbJsonLd } from '@/lib/articles/json-ld';

function slugParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

type Props = PageProps<'/[locale]/actualites/[slug]'>;

/**
 * Whether the address carries this article's preview token. proxy.ts checked it already to let an
 * unpublished article through; the page checks it again rather than trust anything else.
 */
async function isPreview(slug: string, searchParams: Props['searchParams']): Promise<boolean> {
  const token = (await searchParams)[PREVIEW_PARAM];
  return isPreviewToken(slug, typeof token === 'string' ? token : null, config().REVALIDATE_SECRET);
}

/** proxy.ts has already answered 404 for an unknown or unpublished slug (without a valid preview). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const slug = slugParam((await params).slug);
  const preview = await isPreview(slug, searchParams);
  return articleMetadata(await localeParam(params), slug, preview);
}

export default async function Page({ params, searchParams }: Props) {
  const locale = await localeParam(params);
  const slug = slugParam((await params).slug);
  const preview = await isPreview(slug, searchParams);
  const article = await articleToShow(slug, preview);
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
      <ArticlePage locale={locale} slug={slug} preview={preview} />
    </>
  );
}
