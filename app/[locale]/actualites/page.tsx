import type { Metadata } from 'next';
import { ArticleListPage, articleListMetadata } from '@/components/articles/article-list-page';
import { JsonLdScript } from '@/components/json-ld-script';
import { localeParam } from '@/lib/i18n/params';
import { articlesBreadcrumbJsonLd } from '@/lib/articles/json-ld';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/actualites'>): Promise<Metadata> {
  return articleListMetadata(await localeParam(params));
}

export default async function Page({ params, searchParams }: PageProps<'/[locale]/actualites'>) {
  const locale = await localeParam(params);
  return (
    <>
      <JsonLdScript data={articlesBreadcrumbJsonLd(locale)} />
      <ArticleListPage locale={locale} path="/actualites" searchParams={await searchParams} />
    </>
  );
}
