import { getContactStore } from '@/lib/contact/runtime';

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export async function GET() {
  const headers = { 'Cache-Control': 'no-store' };
  try {
    const store = await getContactStore();
    await store.ping();
    return Response.json({ status: 'ok', database: 'ok' }, { headers });
  } catch {
    return Response.json(
      { status: 'unavailable', database: 'unavailable' },
      { status: 503, headers },
    );
  }
}
