import { refuseUnlessEditor } from '@/lib/articles/editor-access';
import { articleForLetter } from '@/lib/articles/letter-article';
import { deskCancel, deskSend, deskStop, deskTest, type DeskAnswer } from '@/lib/letters/desk';
import { getLettersStore } from '@/lib/letters/runtime';

type Context = RouteContext<'/api/letters/[slug]/[action]'>;

/**
 * POST with 'Authorization: Bearer <REVALIDATE_SECRET>', the sidebar's buttons: `test` (the exact
 * letters to CONTACT_TO), `send`, `cancel` (a queued send), `stop` (a send in progress).
 */
export async function POST(request: Request, { params }: Context) {
  const refusal = refuseUnlessEditor(request);
  if (refusal) return refusal;
  const { slug, action } = await params;
  const now = Date.now();
  let answer: DeskAnswer;
  if (action === 'test') answer = await deskTest(articleForLetter, slug, now);
  else if (action === 'send')
    answer = await deskSend(await getLettersStore(), articleForLetter, slug, now);
  else if (action === 'cancel') answer = await deskCancel(await getLettersStore(), slug, now);
  else if (action === 'stop') answer = await deskStop(await getLettersStore(), slug, now);
  else answer = { status: 404, body: { error: 'unknown-action' } };
  return Response.json(answer.body, {
    status: answer.status,
    headers: { 'cache-control': 'no-store' },
  });
}
