import type { Metadata } from 'next';
import { ArticleListPage, articleListMetadata } from '@/components/articles/article-list-page';
import { localeParam } from '@/lib/i18n/params';

export async function generateMetadata({ params }: PageProps<'/[locale]/blog'>): Promise<Metadata> {
  return articleListMetadata(await localeParam(params), '/blog');
}

export default async function Page({ params, searchParams }: PageProps<'/[locale]/blog'>) {
  return (
    <ArticleListPage
      locale={await localeParam(params)}
      path="/blog"
      searchParams={await searchParams}
    />
  );
}
