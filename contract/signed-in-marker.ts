/**
 * A cookie beside the httpOnly session cookie that the page can read, set and cleared with it
 * (server/plugins/auth-session.ts, decision 165): without it nobody is signed in, so the app does
 * not ask `GET /api/auth/user` only to be told 401. A hint, never proof: the server checks the
 * session. Kept apart from contract/auth.ts so the first load reads it without zod.
 */
export const SIGNED_IN_COOKIE = 'shro_signed_in';
