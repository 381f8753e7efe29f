import { PRODUCT_NAME } from '@contract/product';
import { appStructuredData, DEFAULT_SOCIAL_IMAGE, type PageMetaData } from '@contract/seo';
import { useEffect } from 'react';

/**
 * Title, description, keywords, canonical link, Open Graph and Twitter tags and JSON-LD for a
 * page. React 19 hoists these into <head>; the copies the server put there for crawlers are
 * removed on first render so each tag exists once.
 */
export function PageMeta({ meta }: { meta: PageMetaData }) {
  useEffect(() => {
    for (const node of document.head.querySelectorAll('[data-server-meta]')) node.remove();
  }, []);
  const origin = window.location.origin;
  const url = `${origin}${meta.path}`;
  const image = `${origin}${meta.image ?? DEFAULT_SOCIAL_IMAGE}`;
  const structuredData = meta.structuredData ?? appStructuredData(origin);
  return (
    <>
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.keywords && <meta name="keywords" content={meta.keywords.join(', ')} />}
      <meta name="robots" content={meta.noindex ? 'noindex, nofollow' : 'index, follow'} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      <script type="application/ld+json">{JSON.stringify(structuredData)}</script>
    </>
  );
}
