import { isLocale, LOCALE_PARAM, LOCALES, type Locale } from '@contract/locales';
import { PRODUCT_NAME } from '@contract/product';
import { APP_DESCRIPTION, appStructuredData, DEFAULT_SOCIAL_IMAGE, type PageMetaData } from '@contract/seo';
import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

/**
 * Title, description, keywords, canonical link, language alternates, Open Graph and Twitter tags
 * and JSON-LD for a page, as the server renders them (server/features/seo/render-meta.ts). React 19
 * hoists these into <head>; the copies the server put there for crawlers are removed on first
 * render so each tag exists once. The title and description are texts of the server's catalogs,
 * shown in the page's language (decision 167).
 */
export function PageMeta({ meta }: { meta: PageMetaData }) {
  const { i18n } = useLingui();
  useEffect(() => {
    for (const node of document.head.querySelectorAll('[data-server-meta]')) node.remove();
  }, []);
  const origin = window.location.origin;
  const asked = new URLSearchParams(window.location.search).get(LOCALE_PARAM);
  const inLocale = (locale: Locale | undefined) => `${origin}${meta.path}${locale ? `?${LOCALE_PARAM}=${locale}` : ''}`;
  const url = inLocale(isLocale(asked) ? asked : undefined);
  const image = `${origin}${meta.image ?? DEFAULT_SOCIAL_IMAGE}`;
  const structuredData = meta.structuredData ?? appStructuredData(origin, i18n.locale, i18n._(APP_DESCRIPTION));
  const title = i18n._(meta.title);
  const description = i18n._(meta.description);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {meta.keywords && <meta name="keywords" content={i18n._(meta.keywords)} />}
      <meta name="robots" content={meta.noindex ? 'noindex, nofollow' : 'index, follow'} />
      <link rel="canonical" href={url} />
      {!meta.noindex &&
        [...LOCALES, undefined].map((locale) => (
          <link key={locale ?? 'x-default'} rel="alternate" hrefLang={locale ?? 'x-default'} href={inLocale(locale)} />
        ))}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <script type="application/ld+json">{JSON.stringify(structuredData)}</script>
    </>
  );
}
