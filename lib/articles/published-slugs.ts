/**
 * Whether an article slug is published, asked by proxy.ts before rendering so that an unknown or
 * draft slug answers 404. Until the article pipeline lands, no article is published.
 */
export async function isPublishedSlug(slug: string): Promise<boolean> {
  void slug;
  return false;
}
