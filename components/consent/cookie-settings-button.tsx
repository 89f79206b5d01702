'use client';

import { OPEN_CONSENT_EVENT } from '@/lib/consent/model';

/** 'Cookie settings': reopens the consent banner from anywhere (footer, cookie policy). */
export function CookieSettingsButton({ label, className }: { label: string; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
    >
      {label}
    </button>
  );
}
