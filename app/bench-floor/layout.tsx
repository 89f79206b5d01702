/**
 * The framework's floor for `npm run bench`: a bare Next.js page with one heading, measured beside
 * the site's pages. Only reachable when the server runs with BENCH_FLOOR=1 (see proxy.ts).
 */
export default function BenchFloorLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
