import { articleStore, publishGeneration } from '@/lib/articles';
import { refuseUnlessEditor } from '@/lib/articles/editor-access';
import { onlineArticles } from '@/lib/articles/publication';
import { describeSheetFailure } from '@/lib/articles/report';

/**
 * POST with 'Authorization: Bearer <REVALIDATE_SECRET>': reloads the sheet now and answers 200
 * once the new articles are served, so the firm can publish at once (issue 4). The publish
 * generation it bumps first has every other instance reload before its next reader; nginx's page
 * copies reach visitors up to 3 s after their render (KEPT_COPY_MAX_AGE_MS, docs/page-cache.md).
 */
export async function POST(request: Request) {
  const refusal = refuseUnlessEditor(request);
  if (refusal) return refusal;
  const store = articleStore();
  publishGeneration().bump();
  const refreshed = await store.refreshNow();
  const snapshot = store.snapshot();
  if (!refreshed) {
    return Response.json(
      {
        error: 'the sheet could not be loaded; the previous articles are still served',
        message: describeSheetFailure(store.lastFailure(), snapshot.status === 'ok'),
      },
      { status: 502 },
    );
  }
  return Response.json({
    revalidated: true,
    // Online now: an article waiting for its publier_le is not counted yet.
    articles: onlineArticles(snapshot.data?.published ?? [], Date.now()).length,
    loadedAt: new Date(snapshot.loadedAt ?? 0).toISOString(),
  });
}
