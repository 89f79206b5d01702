import { refuseUnlessEditor } from '@/lib/articles/editor-access';
import { articleForLetter } from '@/lib/articles/letter-article';
import { deskView } from '@/lib/letters/desk';
import { getLettersStore } from '@/lib/letters/runtime';

type Context = RouteContext<'/api/letters/[slug]'>;

/**
 * GET with 'Authorization: Bearer <REVALIDATE_SECRET>', for the Sheet's "Envoyer aux abonnés…":
 * the sheet read afresh, the letter in each language as it will be sent, the confirmed
 * subscribers per language, and the article's send (lib/letters/desk.ts).
 */
export async function GET(request: Request, { params }: Context) {
  const refusal = refuseUnlessEditor(request);
  if (refusal) return refusal;
  const { slug } = await params;
  const answer = await deskView(await getLettersStore(), articleForLetter, slug);
  return Response.json(answer.body, {
    status: answer.status,
    headers: { 'cache-control': 'no-store' },
  });
}
