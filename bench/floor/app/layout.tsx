/**
 * The framework's floor for `npm run bench`: a bare Next.js page with one heading, measured beside
 * the site's pages. A Next.js app of its own (bench/floor), built and served by the bench only,
 * never part of the site's build.
 */
export default function BenchFloorLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
