'use client';

import { useEffect, useRef, useState } from 'react';
import { useConsent } from '@/lib/consent/use-consent';

/**
 * Click-to-load map (consent rules): the static street plan (children) shows until the visitor
 * asks for the map or has allowed functional cookies; only then is the map provider contacted.
 */
export function OfficeMap({
  embedUrl,
  title,
  showLabel,
  notice,
  children,
}: {
  embedUrl: string;
  title: string;
  showLabel: string;
  notice: string;
  children: React.ReactNode;
}) {
  const allowed = useConsent('functional');
  const [requested, setRequested] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The button the visitor pressed is gone: keep keyboard focus on what replaced it.
    if (requested) frameRef.current?.focus();
  }, [requested]);

  if (requested || allowed) {
    return (
      <iframe
        ref={frameRef}
        src={embedUrl}
        title={title}
        className="border-line aspect-[4/3] w-full rounded-sm border sm:aspect-[16/9]"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        data-testid="office-map-frame"
      />
    );
  }

  return (
    <div
      className="border-line relative aspect-[4/3] w-full overflow-hidden rounded-sm border sm:aspect-[16/9]"
      data-testid="office-map-facade"
    >
      {children}
      <div className="absolute inset-x-0 bottom-0 flex flex-col items-start gap-3 bg-white/95 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted text-sm">{notice}</p>
        <button
          type="button"
          onClick={() => setRequested(true)}
          className="bg-ink hover:bg-accent-strong min-h-11 shrink-0 rounded px-5 py-2 font-semibold text-white"
        >
          {showLabel}
        </button>
      </div>
    </div>
  );
}
