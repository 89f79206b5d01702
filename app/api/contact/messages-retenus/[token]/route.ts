import { config } from '@/lib/config';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { isSameSiteRequest } from '@/lib/http/origin';
import { checkReleaseToken } from '@/lib/contact/held/release-link';
import { releasePage, type ReleaseView } from '@/lib/contact/held/release-page';
import { getContactStore } from '@/lib/contact/runtime';
import { wakeOutbox } from '@/lib/mail/runtime';

type Context = RouteContext<'/api/contact/messages-retenus/[token]'>;

/**
 * GET: the confirmation page of a digest's release link (changes nothing). POST, from its button
 * only (same-site check): releases the held message into the outbox, once.
 */
export async function GET(_request: Request, { params }: Context) {
  return releasePage(await view((await params).token, 'show'));
}

export async function POST(request: Request, { params }: Context) {
  if (!isSameSiteRequest(request.headers, config().SITE_URL))
    return releasePage({ kind: 'forbidden' });
  return releasePage(await view((await params).token, 'release'));
}

async function view(token: string, action: 'show' | 'release'): Promise<ReleaseView> {
  const now = Date.now();
  const checked = checkReleaseToken(token, config().REVALIDATE_SECRET, now);
  if (!checked.valid) return { kind: checked.reason };
  try {
    const store = await getContactStore();
    if (action === 'show') {
      const message = await store.find(checked.id);
      if (!message) return { kind: 'expired' };
      if (message.suspectedReason === null) return { kind: 'not-held', message };
      if (message.releasedAt !== null) return { kind: 'already-released', message };
      return { kind: 'confirm', message };
    }
    const outcome = await store.release(checked.id, now);
    if (outcome.kind === 'unknown') return { kind: 'expired' };
    if (outcome.kind === 'released') {
      console.info(`[contact] message ${checked.id} released from the digest's link`);
      wakeOutbox();
    }
    return outcome;
  } catch {
    return { kind: 'unavailable' };
  }
}

const other = otherMethods('GET, HEAD, POST', () => 'Méthode non autorisée : GET ou POST.', 'text');

export const PUT = other.refused;
export const PATCH = other.refused;
export const DELETE = other.refused;
export const OPTIONS = other.options;
