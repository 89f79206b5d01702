import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** 'Authorization: Bearer <REVALIDATE_SECRET>'; with no secret, every request is refused. */
export function refuseUnlessEditor(request: Request): Response | null {
  const expected = config().REVALIDATE_SECRET;
  const header = request.headers.get('authorization') ?? '';
  const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  if (expected && given && sameSecret(given, expected)) return null;
  return Response.json(
    { error: 'unauthorized' },
    { status: 401, headers: { 'www-authenticate': 'Bearer', 'cache-control': 'no-store' } },
  );
}
