/** The visible trail that matches the BreadcrumbList JSON-LD of inner pages. */
export function Breadcrumb({
  label,
  trail,
}: {
  label: string;
  trail: readonly { name: string; href?: string }[];
}) {
  return (
    <nav aria-label={label} className="text-muted text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((item, index) => (
          <li key={item.name} className="flex items-center gap-2">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {item.href ? (
              <a href={item.href} className="hover:text-ink underline underline-offset-4">
                {item.name}
              </a>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
