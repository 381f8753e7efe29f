import { isIP } from 'node:net';
import { PUSH_MESSAGES } from '../../../contract/push';
import { badRequest } from '../../lib/http-errors';

/**
 * The browsers' push services (docs/decisions/116-web-push.md): Chrome, Edge's Chromium and
 * Android browsers use FCM, Firefox Mozilla's autopush, Safari Apple's, legacy Edge WNS. The only
 * hosts the server sends pushes to unless PUSH_SERVICE_HOSTS says otherwise: a subscription's
 * endpoint is chosen by whoever posts it, so anything else would let a user aim the server's
 * POSTs at internal addresses (SSRF).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** `host` (lower case, as URL gives it) against one entry: a name, or `*.name` for any name under it. */
function hostMatches(host: string, entry: string): boolean {
  if (entry.startsWith('*.')) return host.endsWith(entry.slice(1)) && host.length > entry.length - 1;
  return host === entry;
}

/** Why an endpoint may not be sent to, or null when it is on one of `hosts` (see DEFAULT_PUSH_SERVICE_HOSTS). */
export function pushEndpointProblem(endpoint: string, hosts: readonly string[]): string | null {
  if (!URL.canParse(endpoint)) return PUSH_MESSAGES.endpointInvalid;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return PUSH_MESSAGES.endpointNotHttps;
  // URL normalises every spelling of an address (0x7f.1, 2130706433, [::ffff:7f00:1]) to its
  // canonical form, which isIP recognises. No push service is reached by address: never allowed,
  // whatever the setting says.
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return PUSH_MESSAGES.endpointIpAddress;
  const host = url.hostname.toLowerCase();
  return hosts.some((entry) => hostMatches(host, entry.toLowerCase())) ? null : PUSH_MESSAGES.endpointNotPushService;
}

/** 400 with the reason unless `endpoint` is on one of the allowed push services. */
export function assertPushServiceEndpoint(endpoint: string, hosts: readonly string[]): void {
  const problem = pushEndpointProblem(endpoint, hosts);
  if (problem) throw badRequest(problem);
}
