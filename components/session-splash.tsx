import { headers } from 'next/headers';
import type { ComponentProps } from 'react';
import { splashSeenIn } from '@/lib/session-cookie';
import { SplashScreen } from './splash-screen';

/**
 * The home page's splash, sent only while this browser session has not closed it yet: once the
 * session cookie is there, nothing of the splash reaches the browser, so it cannot flash. The
 * Cookie header is read with the browser's own rule (any `sa-session` cookie saying so), which
 * nginx's page cache keys on too (deploy/nginx/sorel-aubry-avocats.conf).
 */
export async function SessionSplash(props: ComponentProps<typeof SplashScreen>) {
  const seen = splashSeenIn((await headers()).get('cookie') ?? '');
  return seen ? null : <SplashScreen {...props} />;
}
