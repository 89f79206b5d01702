'use client';

import type { ComponentProps } from 'react';
import { trackEvent } from '@/lib/analytics/events';
import type { Locale } from '@/lib/i18n/locales';

/**
 * A plain link to the page in the other language that also reports the switch (the
 * analytics event language_change). Without JavaScript it is just the link.
 */
export function LanguageSwitchLink({
  target,
  ...link
}: Omit<ComponentProps<'a'>, 'onClick'> & { target: Locale }) {
  return (
    <a
      {...link}
      onClick={() => trackEvent('language_change', 'engagement', `Switch to ${target}`)}
    />
  );
}
