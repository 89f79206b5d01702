import { SubscribeFormClient } from '@/components/letters/subscribe-form-client';
import type { Locale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getMessages } from '@/lib/i18n/translator';
import { SUBSCRIBE_PATH } from '@/lib/letters/links';
import { subscribingOffered } from '@/lib/letters/runtime';
import { requestedPath } from '@/lib/routing/requested-path';

/**
 * "Recevoir la veille sociale par e-mail": on the news list, after an article's share block and in
 * the footer. Not shown without REVALIDATE_SECRET (its links could not be signed).
 */
export async function SubscribeForm({
  locale,
  dark = false,
  className,
}: {
  locale: Locale;
  dark?: boolean;
  className?: string;
}) {
  if (!subscribingOffered()) return null;
  return (
    <section className={className} data-testid="subscribe">
      <SubscribeFormClient
        action={SUBSCRIBE_PATH}
        locale={locale}
        page={await requestedPath()}
        texts={getMessages(locale).letters.form}
        privacyHref={localizedPath(locale, '/politique-confidentialite')}
        dark={dark}
      />
    </section>
  );
}
