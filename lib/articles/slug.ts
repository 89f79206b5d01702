/** The slug rule (docs/behaviour.md, "Articles"); beyond it, œ and æ become oe and ae, end hyphens go. */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A taken slug gets its row's position, so it stays put when other rows are published or hidden. */
export function assignSlugs(titles: readonly string[], positions?: readonly number[]): string[] {
  const taken = new Set<string>();
  return titles.map((title, index) => {
    const position = positions?.[index] ?? index + 1;
    // A title with no letter or digit still gets an address (docs/behaviour.md, Articles).
    const base = slugify(title) || 'article';
    let slug = base;
    while (taken.has(slug)) slug = `${slug}-${position}`;
    taken.add(slug);
    return slug;
  });
}
