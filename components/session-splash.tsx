import { cookies } from 'next/headers';
import type { ComponentProps } from 'react';
import { SESSION_COOKIE, SPLASH_SEEN } from '@/lib/session-cookie';
import { SplashScreen } from './splash-screen';

/**
 * The home page's splash, sent only while this browser session has not closed it yet: once the
 * session cookie is there, nothing of the splash reaches the browser, so it cannot flash.
 */
export async function SessionSplash(props: ComponentProps<typeof SplashScreen>) {
  const seen = (await cookies()).get(SESSION_COOKIE)?.value === SPLASH_SEEN;
  return seen ? null : <SplashScreen {...props} />;
}
