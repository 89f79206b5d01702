import { findPartner } from '@/lib/content/firm';
import { partnerVCard } from '@/lib/content/vcard';
import { isLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { absoluteUrl } from '@/lib/seo/metadata';

/** 'Download contact card' on a partner's profile: /helene-sorel/vcard, /en/julien-aubry/vcard. */
export async function GET(_request: Request, context: RouteContext<'/[locale]/[partner]/vcard'>) {
  const { locale, partner: id } = await context.params;
  const partner = findPartner(id);
  if (!isLocale(locale) || !partner) return new Response('Not found', { status: 404 });
  const card = partnerVCard(
    partner,
    locale,
    absoluteUrl(localizedPath(locale, partner.profilePath)),
  );
  return new Response(card, {
    headers: {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': `attachment; filename="${partner.id}.vcf"`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
