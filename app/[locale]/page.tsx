import type { Metadata } from 'next';
import Image from 'next/image';
import { ContactForm } from '@/components/contact/contact-form';
import { SplashScreen } from '@/components/splash-screen';
import { firm } from '@/lib/content/firm';
import { localeParam } from '@/lib/i18n/params';
import { toggleHref } from '@/lib/i18n/paths';
import { getTranslator } from '@/lib/i18n/translator';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]'>): Promise<Metadata> {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  return pageMetadata({
    locale,
    path: '/',
    title: t('home.meta.title'),
    description: t('home.meta.description'),
    absoluteTitle: true,
  });
}

export default async function HomePage({ params }: PageProps<'/[locale]'>) {
  const locale = await localeParam(params);
  const t = getTranslator(locale);
  const sections = [
    ['a-propos', t('home.sections.about')],
    ['intro', t('home.sections.intro')],
    ['expertises', t('home.sections.expertises')],
    ['presse', t('home.sections.press')],
    ['contact', t('home.sections.contact')],
  ] as const;
  return (
    <>
      <SplashScreen label={t('common.splash.label')} enterLabel={t('common.splash.enter')}>
        <Image
          src="/images/logo.svg"
          alt={firm.name}
          width={220}
          height={48}
          unoptimized
          className="h-12 w-auto"
        />
        <p className="font-serif text-3xl">{firm.tagline[locale]}</p>
        <p className="text-muted max-w-xl">{firm.description[locale]}</p>
        <a
          href={toggleHref(`/${locale}`)}
          lang={locale === 'fr' ? 'en' : 'fr'}
          className="underline"
        >
          {t('common.language.other')}
        </a>
      </SplashScreen>
      <section id="accueil" className="mx-auto min-h-[80vh] max-w-6xl px-4 py-16 sm:px-6">
        <h1 className="text-4xl sm:text-5xl">{firm.tagline[locale]}</h1>
        <p className="text-muted mt-6 max-w-2xl text-lg">{firm.description[locale]}</p>
      </section>
      {sections.map(([id, title]) => (
        <section
          key={id}
          id={id}
          aria-labelledby={`${id}-title`}
          className="mx-auto min-h-[90vh] max-w-6xl px-4 py-16 sm:px-6"
        >
          <h2 id={`${id}-title`} className="reveal text-3xl">
            {title}
          </h2>
          {id === 'contact' ? <ContactForm locale={locale} /> : null}
        </section>
      ))}
    </>
  );
}
