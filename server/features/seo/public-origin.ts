import type { AppConfig } from '../../config';

/** The local names this instance answers to when ALLOWED_HOSTS is unset: its listening address and loopback, with its port. */
export function defaultAllowedHosts({ host, port }: { host: string; port: number }): string[] {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const listening = wildcard ? [] : [host.includes(':') ? `[${host}]` : host];
  const names = [...new Set([...listening, 'localhost', '127.0.0.1', '[::1]'].map((name) => name.toLowerCase()))];
  // Browsers leave the default port out of Host.
  const withPort = names.map((name) => `${name}:${port}`);
  return port === 80 || port === 443 ? [...withPort, ...names] : withPort;
}

type OriginConfig = Pick<AppConfig, 'publicOrigin' | 'allowedHosts' | 'host' | 'port'>;

/**
 * How a page finds the origin for its canonical link and link previews: PUBLIC_ORIGIN when set;
 * otherwise the request's Host (X-Forwarded-Host behind a trusted proxy) only when it is on the
 * allow-list, else '' so the page gets relative URLs. A Host header is the client's to choose:
 * reflected, it lets anyone who can reach the app (or poison a cache in front of it) point
 * previews and canonical links at another site.
 */
export function pageOriginResolver(config: OriginConfig): (request: { protocol: string; host?: string }) => string {
  const { publicOrigin } = config;
  if (publicOrigin) return () => publicOrigin;
  const allowed = new Set(config.allowedHosts ?? defaultAllowedHosts(config));
  return ({ protocol, host }) => {
    const name = (host ?? '').toLowerCase();
    if (!allowed.has(name) || (protocol !== 'http' && protocol !== 'https')) return '';
    return `${protocol}://${name}`;
  };
}

/** A start-up warning when a production instance has no trusted origin for its links. */
export function publicOriginWarning(config: OriginConfig & Pick<AppConfig, 'production'>): string | undefined {
  if (!config.production || config.publicOrigin || config.allowedHosts) return undefined;
  return (
    'Neither PUBLIC_ORIGIN nor ALLOWED_HOSTS is set: canonical links and link previews use relative URLs ' +
    `unless the Host header is one of ${defaultAllowedHosts(config).join(', ')}. Set PUBLIC_ORIGIN=https://your.domain.`
  );
}
