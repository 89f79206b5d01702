import { interpolate } from '@/lib/i18n/translator';

const linkPattern = /(https?:\/\/[^\s]+?|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)(?=[.,;:)]?(?:\s|$))/g;

/**
 * A legal paragraph: fills the firm's facts into the text and turns web and e-mail addresses
 * into links, so the facts stay in lib/content and the prose in messages/.
 */
export function RichText({ text, facts }: { text: string; facts: Record<string, string> }) {
  const filled = interpolate(text, facts);
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of filled.matchAll(linkPattern)) {
    const [address] = match;
    const index = match.index;
    parts.push(filled.slice(last, index));
    const isEmail = !address.startsWith('http');
    parts.push(
      <a
        key={index}
        href={isEmail ? `mailto:${address}` : address}
        className="decoration-accent underline underline-offset-4"
        {...(isEmail ? {} : { rel: 'noopener noreferrer' })}
      >
        {isEmail ? address : address.replace(/^https?:\/\//, '')}
      </a>,
    );
    last = index + address.length;
  }
  parts.push(filled.slice(last));
  return <>{parts}</>;
}
