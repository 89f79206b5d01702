/** The few line icons of the interface, drawn on a 24-unit grid; always decorative (aria-hidden). */
const paths = {
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M6 6l12 12M18 6L6 18',
  'arrow-up': 'M12 19V5M5 12l7-7 7 7',
  // Drawn, not typed: the web fonts' Latin subset has no ← or →, so a typed arrow came from
  // another font, after a system font lookup that delayed the first paint.
  'arrow-left': 'M19 12H5M12 19l-7-7 7-7',
  'arrow-right': 'M5 12h14M12 5l7 7-7 7',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 22 }: { name: IconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={paths[name]} />
    </svg>
  );
}
