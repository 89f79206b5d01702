import { firm } from '@/lib/content/firm';

/**
 * A schematic drawing of the streets around the office (no map provider involved): rue de
 * Miromesnil between the rue du Faubourg Saint-Honoré and the boulevard Haussmann.
 * The labels inherit the page's font (already loaded): naming a system font here made the browser
 * look it up before the first paint.
 */
export function StreetPlan({ label }: { label: string }) {
  const street = '#ffffff';
  const text = '#3d4049';
  return (
    <svg
      viewBox="0 0 800 450"
      role="img"
      aria-label={label}
      className="h-full w-full bg-[#ebe6dd]"
      preserveAspectRatio="xMidYMid slice"
    >
      <g fill="#ded7cb">
        <rect x="40" y="40" width="250" height="120" />
        <rect x="340" y="40" width="170" height="120" />
        <rect x="560" y="40" width="220" height="120" />
        <rect x="40" y="210" width="250" height="110" />
        <rect x="340" y="210" width="170" height="110" />
        <rect x="560" y="210" width="220" height="110" />
      </g>
      <g stroke={street} strokeLinecap="round">
        <line x1="0" y1="185" x2="800" y2="160" strokeWidth="34" />
        <line x1="0" y1="370" x2="800" y2="355" strokeWidth="24" />
        <line x1="0" y1="20" x2="800" y2="10" strokeWidth="20" />
        <line x1="315" y1="0" x2="330" y2="450" strokeWidth="22" />
        <line x1="535" y1="0" x2="545" y2="450" strokeWidth="16" />
      </g>
      <circle cx="120" cy="60" r="42" fill="#d3dccd" />
      <g fill={text} fontSize="14">
        <text x="590" y="150">
          Boulevard Haussmann
        </text>
        <text x="40" y="345">
          Rue du Faubourg Saint-Honoré
        </text>
        <text x="600" y="30">
          Rue La Boétie
        </text>
        <text x="311" y="40" transform="rotate(91 311 40)">
          Rue de Miromesnil
        </text>
        <text x="92" y="110">
          Saint-Augustin
        </text>
      </g>
      <g transform="translate(329 268)">
        <path d="M0 0c-14-18-20-28-20-38a20 20 0 0 1 40 0c0 10-6 20-20 38z" fill="#7a5c2e" />
        <circle cx="0" cy="-38" r="7" fill="#ffffff" />
      </g>
      <g fill="#16181d">
        <rect x="360" y="236" width="190" height="50" rx="4" fill="#ffffff" stroke="#7a5c2e" />
        <text x="372" y="257" fontSize="14" fontWeight="700">
          {firm.name}
        </text>
        <text x="372" y="276" fontSize="13">
          {firm.address.street}
        </text>
      </g>
      <g fill="#16181d" fontSize="13">
        <circle cx="330" cy="172" r="10" fill="#16181d" />
        <text x="330" y="177" textAnchor="middle" fill="#ffffff" fontWeight="700">
          M
        </text>
        <text x="346" y="200">
          Miromesnil
        </text>
      </g>
    </svg>
  );
}
