import { createHash, timingSafeEqual } from 'node:crypto';
import { articleStore } from '@/lib/articles';
import { config } from '@/lib/config';

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * POST with 'Authorization: Bearer <REVALIDATE_SECRET>': reloads the sheet now and answers 200
 * once the new articles are served, so the firm can publish at once (issue 4).
 */
export async function POST(request: Request) {
  const expected = config().REVALIDATE_SECRET;
  const header = request.headers.get('authorization') ?? '';
  const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  if (!expected || !given || !sameSecret(given, expected)) {
    return Response.json(
      { error: 'unauthorized' },
      { status: 401, headers: { 'www-authenticate': 'Bearer' } },
    );
  }
  const store = articleStore();
  const refreshed = await store.refreshNow();
  const snapshot = store.snapshot();
  if (!refreshed) {
    return Response.json(
      { error: 'the sheet could not be loaded; the previous articles are still served' },
      { status: 502 },
    );
  }
  return Response.json({
    revalidated: true,
    articles: snapshot.articles.filter((article) => article.published).length,
    loadedAt: new Date(snapshot.loadedAt ?? 0).toISOString(),
  });
}
