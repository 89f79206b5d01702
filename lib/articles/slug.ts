/**
 * The slug rule (docs/behaviour.md, Articles): remove accents, lower-case, trim, spaces to hyphens,
 * drop other non-word characters, collapse repeated hyphens. Beyond the plain rule, deliberately: œ
 * and æ are spelt oe and ae rather than dropped, and hyphens left at either end are dropped, so
 * 'Quoi ?' is 'quoi'.
 */
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

/**
 * Slugs for titles in sheet order. A slug already taken gets the title's position (1 for the first
 * data row, unless given) as a suffix, so it stays the same when other rows are published or
 * hidden.
 */
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
