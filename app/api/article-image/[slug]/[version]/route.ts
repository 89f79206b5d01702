import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getArticleForPreview, getPublishedArticle } from '@/lib/articles';
import { isPreviewToken } from '@/lib/articles/preview';
import { config } from '@/lib/config';
import {
  articleImageSrc,
  fallbackImageFor,
  previewTokenOfImageVersion,
} from '@/lib/articles/images';
import { loadRemoteImage } from '@/lib/articles/remote-image';
import { acceptLanguageLocale } from '@/lib/http/request-locale';
import { getMessages } from '@/lib/i18n/translator';

/**
 * GET /api/article-image/{slug}/{version}: the remote image of a published article, fetched by
 * the server, or the article's fallback image when the host fails (an error, a page that is not
 * an image, a timeout). next/image optimises whatever this answers (lib/articles/images.ts,
 * articleImageSrc). Only a published article's own image is fetched: this is no open proxy.
 */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ slug: string; version: string }> },
) {
  const { slug, version } = await params;
  // A draft's image only with its preview token, which the preview page puts in the version.
  const token = previewTokenOfImageVersion(version);
  const article =
    (await getPublishedArticle(slug)) ??
    (isPreviewToken(slug, token, config().REVALIDATE_SECRET)
      ? await getArticleForPreview(slug)
      : undefined);
  if (!article || articleImageSrc(article) === article.imageUrl) {
    const locale = acceptLanguageLocale(request.headers.get('accept-language'));
    return Response.json(
      { message: getMessages(locale).common.api.notFound },
      { status: 404, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  // An older version (the sheet changed since the page was rendered) gets the current image.
  const image = await loadRemoteImage(article.imageUrl);
  if (image) {
    return new Response(Buffer.from(image.body), {
      headers: { 'Content-Type': image.contentType, 'Cache-Control': 'public, max-age=3600' },
    });
  }
  const fallback = fallbackImageFor(article.slug);
  const body = await readFile(path.join(process.cwd(), 'public', fallback));
  return new Response(body, {
    headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=300' },
  });
}
