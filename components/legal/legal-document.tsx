import { Breadcrumb } from '@/components/breadcrumb';
import { formatLegalDate, legalFacts } from '@/lib/content/legal';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { RichText } from './rich-text';

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

/**
 * A long-form legal page: narrow column, numbered sections with anchors, optional table of
 * contents and 'last updated' line (`updated`, an ISO day); `extras` adds blocks (tables,
 * buttons) after a section.
 */
export function LegalDocument({
  locale,
  title,
  intro,
  sections,
  updated,
  showToc = false,
  extras = {},
}: {
  locale: Locale;
  title: string;
  intro?: string;
  sections: readonly LegalSection[];
  updated?: string;
  showToc?: boolean;
  extras?: Partial<Record<string, React.ReactNode>>;
}) {
  const t = getTranslator(locale);
  const facts = legalFacts(locale);
  return (
    <article className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6">
      <Breadcrumb
        label={t('legal.breadcrumbLabel')}
        trail={[
          { name: t('legal.breadcrumbHome'), href: localizedPath(locale, '/') },
          { name: title },
        ]}
      />
      <header className="mt-8">
        <h1 className="text-4xl sm:text-5xl">{title}</h1>
        {updated ? (
          <p className="text-muted mt-4" data-testid="last-updated">
            {t('legal.updated', { date: formatLegalDate(locale, updated) })}
          </p>
        ) : null}
        {intro ? (
          <p className="mt-6 text-lg leading-relaxed">
            <RichText text={intro} facts={facts} />
          </p>
        ) : null}
      </header>

      {showToc ? (
        <nav
          aria-labelledby="toc-title"
          className="border-line mt-10 rounded-sm border bg-white p-6"
          data-testid="toc"
        >
          <h2 id="toc-title" className="text-xl">
            {t('legal.tocHeading')}
          </h2>
          <ol className="mt-4 list-decimal space-y-2 pl-6">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="decoration-accent underline underline-offset-4"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      <div className="mt-12 space-y-12">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-2xl">
              <span className="text-accent-strong mr-2">{index + 1}.</span>
              {section.heading}
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>
                  <RichText text={paragraph} facts={facts} />
                </p>
              ))}
              {section.items ? (
                <ul className="list-disc space-y-2 pl-6">
                  {section.items.map((item) => (
                    <li key={item.slice(0, 40)}>
                      <RichText text={item} facts={facts} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {extras[section.id]}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
