import { notFound } from 'next/navigation';

/** Any path no route claims answers 404 with the not-found page. */
export default function UnknownPage() {
  notFound();
}
