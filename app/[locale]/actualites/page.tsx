import type { Metadata } from 'next';
import { ArticleListPage, articleListMetadata } from '@/components/articles/article-list-page';
import { localeParam } from '@/lib/i18n/params';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/actualites'>): Promise<Metadata> {
  return articleListMetadata(await localeParam(params), '/actualites');
}

export default async function Page({ params, searchParams }: PageProps<'/[locale]/actualites'>) {
  return (
    <ArticleListPage
      locale={await localeParam(params)}
      path="/actualites"
      searchParams={await searchParams}
    />
  );
}
