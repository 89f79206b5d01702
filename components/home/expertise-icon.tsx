import type { ExpertiseOverviewId } from '@/lib/content/firm';

const paths: Record<ExpertiseOverviewId, React.ReactNode> = {
  // A door: entries and exits.
  directors: (
    <>
      <path d="M6 21V4h9v17" />
      <path d="M15 4l4 2v15" />
      <circle cx="12.5" cy="12.5" r="0.8" />
      <path d="M3 21h18" />
    </>
  ),
  // A compass: direction.
  strategic: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  // Blocks being rearranged.
  restructuring: (
    <>
      <rect x="3" y="13" width="7" height="7" />
      <rect x="14" y="13" width="7" height="7" />
      <rect x="8.5" y="3" width="7" height="7" />
      <path d="M12 10v3" />
    </>
  ),
  // People around a table.
  collective: (
    <>
      <circle cx="7" cy="8" r="2.5" />
      <circle cx="17" cy="8" r="2.5" />
      <circle cx="12" cy="6" r="2.5" />
      <path d="M3 19c0-3 2-5 4-5h10c2 0 4 2 4 5" />
    </>
  ),
  // Scales of justice.
  litigation: (
    <>
      <path d="M12 3v18M7 21h10M5 7h14" />
      <path d="M5 7l-3 6h6zM19 7l-3 6h6z" />
    </>
  ),
  // A shield with a check.
  compliance: (
    <>
      <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>
  ),
};

/** Line icons drawn for the six overview cards (decorative: the title names the card). */
export function ExpertiseIcon({ id }: { id: ExpertiseOverviewId }) {
  return (
    <svg
      width="32"
      height="32"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[id]}
    </svg>
  );
}
