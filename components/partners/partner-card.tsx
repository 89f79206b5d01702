import Image from 'next/image';
import { Icon } from '@/components/ui/icon';
import { firm, type Partner } from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { partnerHref } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';

/**
 * A partner on the home page: photo, name, role, short bio; the whole card links to the profile
 * (the name's link stretched over it). The card draws the link's focus ring on its own outline,
 * which its overflow-hidden (the photo's rounded corners) does not clip, as it would clip a ring
 * drawn by anything inside it.
 */
export function PartnerCard({ partner, locale }: { partner: Partner; locale: Locale }) {
  const t = getTranslator(locale);
  const href = partnerHref(locale, partner.profilePath);
  return (
    <article
      className="group border-line relative flex flex-col overflow-hidden rounded-sm border bg-white outline-offset-2 outline-[var(--focus-ring,var(--color-focus))] has-[a:focus-visible]:outline-3 sm:flex-row"
      data-testid="partner-card"
    >
      <Image
        src={partner.photo.src}
        alt={t('home.about.photoAlt', { name: partner.name })}
        width={partner.photo.width}
        height={partner.photo.height}
        sizes="(min-width: 640px) 12rem, 100vw"
        className="img-tone-medium aspect-[3/4] h-auto w-full object-cover sm:w-48 sm:self-start"
      />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-2xl">
          <a
            href={href}
            className="after:absolute after:inset-0 focus-visible:outline-none"
            aria-label={t('home.about.profileLinkLabel', { name: partner.name })}
          >
            {partner.name}
          </a>
        </h3>
        <p className="text-accent-strong mt-1 text-sm font-semibold">{partner.role[locale]}</p>
        <p className="text-muted mt-4 leading-relaxed">
          {t(`partners.${partner.id}.summary`, { barYear: firm.barAdmissionYear })}
        </p>
        <p
          aria-hidden="true"
          className="text-ink mt-auto flex items-center gap-2 pt-6 font-semibold underline-offset-4 group-hover:underline"
        >
          {t('home.about.profileLink')}
          <Icon name="arrow-right" size={16} />
        </p>
      </div>
    </article>
  );
}
