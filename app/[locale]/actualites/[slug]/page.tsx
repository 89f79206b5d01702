import { notFound } from 'next/navigation';

/** No article is published yet: every slug is unknown. */
export default function ArticlePage() {
  notFound();
}
