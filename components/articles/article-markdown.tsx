import Image from 'next/image';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { isAllowedImage } from '@/lib/articles/images';

/**
 * The article body, rendered on the server (no markdown code reaches the browser). Raw HTML in
 * the sheet is dropped, and react-markdown's default URL filter keeps only http, https, ircs,
 * irc, mailto and xmpp addresses (a sheet cell must not run script on the page).
 */
const components: Components = {
  // The page title is the only h1.
  h1: ({ children }) => <h2>{children}</h2>,
  a: ({ href, children }) => {
    if (!href) return <span>{children}</span>;
    const external = /^https?:\/\//i.test(href);
    return (
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="text-accent-strong underline underline-offset-4"
      >
        {children}
      </a>
    );
  },
  img: ({ src, alt }) =>
    typeof src === 'string' && isAllowedImage(src) ? (
      <Image
        src={src}
        alt={alt ?? ''}
        width={1200}
        height={675}
        sizes="(min-width: 768px) 720px, 100vw"
        className="h-auto w-full rounded"
      />
    ) : alt ? (
      <span>{alt}</span>
    ) : null,
};

export function ArticleMarkdown({ markdown }: { markdown: string }) {
  return (
    <div
      className="[&_blockquote]:border-line mt-10 text-lg leading-relaxed [&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_h2]:mt-10 [&_h2]:text-2xl [&_h3]:mt-8 [&_h3]:text-xl [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6"
      data-testid="article-body"
    >
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
