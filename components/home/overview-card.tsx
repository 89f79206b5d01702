'use client';

import { scrollToId } from '@/lib/scroll';

/**
 * An expertise-overview card: a real button, so mouse, Enter and Space all scroll to
 * the expertises block, 80 px below the viewport top. Its accessible name is its whole visible
 * text, title first (WCAG 2.5.3, Label in Name: a voice-control user says what they see).
 */
export function OverviewCard({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description: string;
  action: string;
  icon: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={() => scrollToId('expertises')}
      data-testid="overview-card"
      className="group border-line hover:border-accent flex h-full w-full cursor-pointer flex-col rounded-sm border bg-white p-6 text-left transition-colors hover:shadow-sm"
    >
      <span className="text-accent-strong" aria-hidden="true">
        {icon}
      </span>
      <span className="mt-5 font-serif text-xl">{title}</span>
      <span className="text-muted mt-3 leading-relaxed">{description}</span>
      <span className="text-ink mt-auto pt-5 text-sm font-semibold underline-offset-4 group-hover:underline">
        {action} <span aria-hidden="true">↓</span>
      </span>
    </button>
  );
}
