import type { Metadata } from 'next';
import { ArticlePage, articleMetadata } from '@/components/articles/article-page';
import { localeParam } from '@/lib/i18n/params';

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
}: PageProps<'/[locale]/blog/[slug]'>): Promise<Metadata> {
  const { slug } = await params;
  return articleMetadata(await localeParam(params), slugParam(slug));
}

export default async function Page({ params }: PageProps<'/[locale]/blog/[slug]'>) {
  const { slug } = await params;
  return <ArticlePage locale={await localeParam(params)} slug={slugParam(slug)} />;
}
