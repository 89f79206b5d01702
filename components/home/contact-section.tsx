import { ContactForm } from '@/components/contact/contact-form';
import {
  firm,
  formatAddress,
  mapEmbedUrl,
  mapPageUrl,
  partners,
  telHref,
} from '@/lib/content/firm';
import type { Locale } from '@/lib/i18n/locales';
import { getTranslator } from '@/lib/i18n/translator';
import { HomeSection } from './home-section';
import { OfficeMap } from './office-map';
import { StreetPlan } from './street-plan';

export function ContactSection({ locale }: { locale: Locale }) {
  const t = getTranslator(locale);
  const linkClass = 'underline decoration-line underline-offset-4 hover:decoration-ink';
  // A telephone number is read as one piece: never broken over two lines.
  const telClass = `${linkClass} whitespace-nowrap`;
  return (
    <HomeSection id="contact" title={t('home.sections.contact')} lead={t('home.contact.lead')}>
      <div className="grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="reveal" data-testid="contact-info">
          <h3 className="text-2xl">{t('home.contact.infoHeading')}</h3>
          <dl className="mt-6 space-y-6">
            <div>
              <dt className="text-muted text-sm font-semibold tracking-widest uppercase">
                {t('home.contact.addressHeading')}
              </dt>
              <dd className="mt-1">
                <address className="not-italic">{formatAddress(locale)}</address>
                <p className="text-muted mt-1 text-sm">{t('home.contact.map.access')}</p>
              </dd>
            </div>
            <div>
              <dt className="text-muted text-sm font-semibold tracking-widest uppercase">
                {t('home.contact.emailHeading')}
              </dt>
              <dd className="mt-1">
                <a href={`mailto:${firm.email}`} className={linkClass}>
                  {firm.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-muted text-sm font-semibold tracking-widest uppercase">
                {t('home.contact.phoneHeading')}
              </dt>
              <dd className="mt-1">
                <ul className="space-y-2">
                  <li>
                    {t('home.contact.switchboard')}{' '}
                    <a href={telHref(firm.phone)} className={telClass}>
                      {firm.phone}
                    </a>
                  </li>
                  {partners.map((partner) => (
                    <li key={partner.id} data-testid="direct-line">
                      {t('home.contact.directLine', { name: partner.name })}{' '}
                      <a href={telHref(partner.phone)} className={telClass}>
                        {partner.phone}
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
        </div>
        <div className="reveal" data-testid="contact-form-slot">
          <h3 className="text-2xl">{t('home.contact.formHeading')}</h3>
          <div className="mt-6">
            <ContactForm locale={locale} />
          </div>
        </div>
      </div>
      <div className="reveal mt-16">
        <h3 className="text-2xl">{t('home.contact.map.heading')}</h3>
        <div className="mt-6">
          <OfficeMap
            embedUrl={mapEmbedUrl()}
            title={t('home.contact.map.iframeTitle')}
            showLabel={t('home.contact.map.show')}
            notice={t('home.contact.map.notice')}
          >
            <StreetPlan label={t('home.contact.map.facadeLabel')} />
          </OfficeMap>
        </div>
        <p className="mt-3 text-sm">
          <a href={mapPageUrl()} className={linkClass} target="_blank" rel="noopener noreferrer">
            {t('home.contact.map.openExternal')}{' '}
            <span className="sr-only">{t('common.footer.newTab')}</span>
          </a>
        </p>
      </div>
    </HomeSection>
  );
}
