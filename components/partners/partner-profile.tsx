import Image from 'next/image';
import { Breadcrumb } from '@/components/breadcrumb';
import { firm, type Partner } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { homeSectionHref, localizedPath } from '@/lib/i18n/paths';
import { getMessages, getTranslator, interpolate } from '@/lib/i18n/translator';
import { telHref } from '@/lib/content/firm';

function ProfileBlock({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-line border-t pt-8">
      <h2 className="text-2xl">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A partner's profile page: photo, biography, education, the partner's latest articles (`articles`,
 * read by the page), contact details, and links to the firm, the contact form and the team.
 */
export function PartnerProfile({
  partner,
  locale,
  articles = null,
}: {
  partner: Partner;
  locale: Locale;
  articles?: React.ReactNode;
}) {
  const t = getTranslator(locale);
  const bio = getMessages(locale).partners[partner.id].bio.map((paragraph) =>
    interpolate(paragraph, { barYear: firm.barAdmissionYear }),
  );
  const feminine = partner.role.fr.startsWith('Avocate');
  const linkClass = 'underline decoration-line underline-offset-4 hover:decoration-ink';
  const button =
    'inline-flex min-h-12 items-center justify-center rounded px-6 py-3 font-semibold transition-colors';

  return (
    <article className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6">
      <Breadcrumb
        label={t('partners.profile.breadcrumbLabel')}
        trail={[
          { name: t('partners.profile.breadcrumbHome'), href: localizedPath(locale, '/') },
          {
            name: t('partners.profile.breadcrumbTeam'),
            href: homeSectionHref(locale, 'a-propos'),
          },
          { name: partner.name },
        ]}
      />
      <div className="mt-8 grid gap-12 md:grid-cols-[minmax(0,20rem)_1fr] lg:grid-cols-[minmax(0,24rem)_1fr]">
        <div>
          <Image
            src={partner.photo.src}
            alt={t('partners.profile.photoAlt', { name: partner.name })}
            width={partner.photo.width}
            height={partner.photo.height}
            preload
            fetchPriority="high"
            sizes="(min-width: 1024px) 24rem, (min-width: 768px) 20rem, 90vw"
            className="img-tone-medium aspect-[3/4] h-auto w-full rounded-sm object-cover"
          />
        </div>
        <div className="space-y-10">
          <header>
            <p className="text-accent-strong text-sm font-semibold tracking-widest uppercase">
              {partner.role[locale]}
            </p>
            <h1 className="mt-3 text-4xl sm:text-5xl">{partner.name}</h1>
            <p className="mt-4 text-lg">
              {t(feminine ? 'partners.profile.barFeminine' : 'partners.profile.bar')} ·{' '}
              {partner.specialisation[locale]}
            </p>
          </header>

          <ProfileBlock title={t('partners.profile.biography')}>
            <div className="max-w-3xl space-y-4 text-lg leading-relaxed">
              {bio.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </div>
          </ProfileBlock>

          <ProfileBlock title={t('partners.profile.education')}>
            <ul className="space-y-3" data-testid="education">
              {partner.education.map((entry) => (
                <li key={entry.title.fr}>
                  <span className="font-semibold">{entry.title[locale]}</span>
                  {entry.institution ? `, ${entry.institution}` : null}
                  {entry.year ? ` (${entry.year})` : null}
                </li>
              ))}
            </ul>
          </ProfileBlock>

          {partner.recognition ? (
            <ProfileBlock title={t('partners.profile.recognition')}>
              <ul className="space-y-3" data-testid="recognition">
                {partner.recognition.map((item) => (
                  <li key={item.ranking}>
                    <span className="font-semibold">
                      {item.ranking} {item.year}
                    </span>{' '}
                    — {item.category[locale]}
                  </li>
                ))}
              </ul>
            </ProfileBlock>
          ) : null}

          {partner.areas ? (
            <ProfileBlock title={t('partners.profile.areas')}>
              <ul className="grid gap-3 sm:grid-cols-2" data-testid="areas">
                {partner.areas.map((area) => (
                  <li key={area} className="border-accent border-l-2 pl-4">
                    {t(`partners.areas.${area}`)}
                  </li>
                ))}
              </ul>
            </ProfileBlock>
          ) : null}

          {articles}

          <ProfileBlock title={t('partners.profile.contact')}>
            <dl
              className="grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-x-8"
              data-testid="direct-contact"
            >
              <dt className="text-muted font-semibold">{t('partners.profile.email')}</dt>
              <dd>
                <a href={`mailto:${partner.email}`} className={linkClass}>
                  {partner.email}
                </a>
              </dd>
              <dt className="text-muted font-semibold">{t('partners.profile.phone')}</dt>
              <dd>
                <a href={telHref(partner.phone)} className={linkClass}>
                  {partner.phone}
                </a>
              </dd>
              <dt className="text-muted font-semibold">LinkedIn</dt>
              <dd>
                <a
                  href={partner.linkedin}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  {t('partners.profile.linkedin', { name: partner.name })}{' '}
                  <span className="sr-only">{t('partners.profile.newTab')}</span>
                </a>
              </dd>
            </dl>
            <p className="mt-6">
              <a
                href={localizedPath(locale, `${partner.profilePath}/vcard`)}
                download={`${partner.id}.vcf`}
                className={`${button} border-ink text-ink hover:bg-ink border hover:text-white`}
              >
                {t('partners.profile.vcard')}
              </a>
            </p>
          </ProfileBlock>

          <nav aria-label={t('partners.profile.actions')} className="border-line border-t pt-8">
            <ul className="flex flex-wrap gap-4">
              <li>
                <a
                  href={localizedPath(locale, '/')}
                  className={`${button} bg-ink hover:bg-accent-strong text-white`}
                >
                  {t('partners.profile.discoverFirm')}
                </a>
              </li>
              <li>
                <a
                  href={homeSectionHref(locale, 'contact')}
                  className={`${button} border-ink text-ink hover:bg-ink border hover:text-white`}
                >
                  {t('partners.profile.contactFirm')}
                </a>
              </li>
              <li>
                <a
                  href={homeSectionHref(locale, 'a-propos')}
                  className={`${button} border-ink text-ink hover:bg-ink border hover:text-white`}
                >
                  {t('partners.profile.backToTeam')}
                </a>
              </li>
            </ul>
          </nav>
          <p className="text-muted text-sm">
            {firm.name} · {firm.bar[locale]}
          </p>
        </div>
      </div>
    </article>
  );
}
