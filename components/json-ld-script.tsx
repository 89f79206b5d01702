import { serializeJsonLd, type JsonLd } from '@/lib/seo/json-ld';

/** Structured data block: a JSON data script is never executed, so the CSP needs no nonce. */
export function JsonLdScript({ data }: { data: JsonLd | JsonLd[] }) {
  return (
    <script
      type="application/ld+json"
      // Escaped by serializeJsonLd: no '<' can end the element early.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
