import { articleStore } from '@/lib/articles';
import { refuseUnlessEditor } from '@/lib/articles/editor-access';
import { articleReport, describeSheetFailure } from '@/lib/articles/report';
import { config } from '@/lib/config';

const noStore = { 'cache-control': 'no-store' };

/**
 * GET with 'Authorization: Bearer <REVALIDATE_SECRET>': the row report of the sheet as it is now,
 * one entry per row with the reasons it is not (or not quite) online and its preview addresses.
 * It reloads the articles first, like /api/revalidate, so that the site, the previews and the
 * report show the same sheet.
 */
export async function GET(request: Request) {
  const refusal = refuseUnlessEditor(request);
  if (refusal) return refusal;
  const store = articleStore();
  const refreshed = await store.refreshNow();
  const snapshot = store.snapshot();
  if (!refreshed || snapshot.status === 'error') {
    const message = describeSheetFailure(store.lastFailure(), snapshot.status === 'ok');
    return Response.json(
      { error: 'sheet-unavailable', message },
      { status: 502, headers: noStore },
    );
  }
  const { SITE_URL, REVALIDATE_SECRET, ARTICLE_IMAGE_ORIGIN } = config();
  const report = await articleReport(
    snapshot.data,
    { siteUrl: SITE_URL, secret: REVALIDATE_SECRET, loadedAt: snapshot.loadedAt },
    { via: ARTICLE_IMAGE_ORIGIN },
  );
  return Response.json(report, { headers: noStore });
}
