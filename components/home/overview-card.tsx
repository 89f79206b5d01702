'use client';

import { scrollToId } from '@/lib/scroll';

/**
 * An expertise-overview card (SPEC 2.3): a real button, so mouse, Enter and Space all scroll to
 * the expertises block, 80 px below the viewport top.
 */
export function OverviewCard({
  id,
  title,
  description,
  action,
  icon,
}: {
  id: string;
  title: string;
  description: string;
  action: string;
  icon: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => scrollToId('expertises')}
      aria-labelledby={`overview-${id}-title`}
      aria-describedby={`overview-${id}-description`}
      data-testid="overview-card"
      className="group border-line hover:border-accent flex h-full w-full cursor-pointer flex-col rounded-sm border bg-white p-6 text-left transition-colors hover:shadow-sm"
    >
      <span className="text-accent-strong" aria-hidden="true">
        {icon}
      </span>
      <span id={`overview-${id}-title`} className="mt-5 font-serif text-xl">
        {title}
      </span>
      <span id={`overview-${id}-description`} className="text-muted mt-3 leading-relaxed">
        {description}
      </span>
      <span className="text-ink mt-auto pt-5 text-sm font-semibold underline-offset-4 group-hover:underline">
        {action} ↓
      </span>
    </button>
  );
}
