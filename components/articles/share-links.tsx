import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';

/** The share block 'Partager cet article': each link opens the network's own share page. */
export function shareLinks(url: string, title: string, locale: Locale) {
  const t = getTranslator(locale);
  const u = encodeURIComponent(url);
  const encodedTitle = encodeURIComponent(title);
  return {
    linkedin: `https://www.linkedin.com/shareArticle?mini=true&url=${u}&title=${encodedTitle}`,
    x: `https://twitter.com/intent/tweet?text=${encodedTitle}&url=${u}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    // The mail's subject and body are in French whatever the page's language.
    mail: `mailto:?subject=${encodeURIComponent(
      t('articles.article.mailSubject', { title }),
    )}&body=${encodeURIComponent(t('articles.article.mailBody', { title, url }))}`,
  };
}

export function ShareLinks({ url, title, locale }: { url: string; title: string; locale: Locale }) {
  const t = getTranslator(locale);
  const links = shareLinks(url, title, locale);
  const item =
    'border-line hover:border-accent inline-flex min-h-11 items-center rounded border bg-white px-4 text-sm font-medium underline-offset-4 hover:underline';
  const external = [
    { href: links.linkedin, label: t('articles.article.shareLinkedIn') },
    { href: links.x, label: t('articles.article.shareX') },
    { href: links.facebook, label: t('articles.article.shareFacebook') },
  ];
  return (
    <section aria-labelledby="share-heading" className="border-line mt-12 border-t pt-8">
      <h2 id="share-heading" className="text-2xl">
        {t('articles.article.share')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-3" data-testid="share-links">
        {external.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className={item}>
              {link.label}
              <span className="sr-only"> {t('articles.article.newTab')}</span>
            </a>
          </li>
        ))}
        <li>
          <a href={links.mail} className={item}>
            {t('articles.article.shareEmail')}
          </a>
        </li>
      </ul>
    </section>
  );
}
