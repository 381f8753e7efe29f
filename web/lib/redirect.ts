/** A same-site path to go to after sign-in; anything else (absolute or protocol-relative URLs) becomes `/`. */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}

export function redirectParam(search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get('redirect'));
}
