import 'server-only';
import { getPublishedArticle } from './index';

/**
 * Whether an article slug is published, asked by proxy.ts before rendering so that an unknown or
 * draft slug answers 404. Reads the same store as the pages (see articleStore).
 */
export async function isPublishedSlug(slug: string): Promise<boolean> {
  return (await getPublishedArticle(slug)) !== undefined;
}
