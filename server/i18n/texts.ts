import { ACCOUNT_MESSAGES } from '../../contract/account';
import {
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_TOKEN_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../contract/auth';
import { BLOCK_MESSAGES } from '../../contract/blocks';
import { CHAT_MESSAGES } from '../../contract/chat';
import { CONTENT_FILTER_MESSAGES, CREATOR_MODERATION_NOTES } from '../../contract/content-filter';
import { DELETED_USER_LABEL } from '../../contract/deleted-user';
import { EXPLORE_MESSAGES } from '../../contract/explore-limits';
import { FRIEND_MESSAGES } from '../../contract/friends';
import { INVITE_MESSAGES } from '../../contract/invites';
import { LOCALE_MESSAGES } from '../../contract/locales';
import { MODERATION_MESSAGES, REPORT_REASON_LABELS } from '../../contract/moderation';
import { NOTIFICATION_NOT_FOUND_MESSAGE } from '../../contract/notifications';
import { PASSKEY_MESSAGES } from '../../contract/passkeys';
import { USER_NOT_FOUND_MESSAGE } from '../../contract/profiles';
import { NOTIFICATION_KIND_LABELS, PUSH_MESSAGES } from '../../contract/push';
import { APP_DESCRIPTION, pageMeta } from '../../contract/seo';
import { COPY_MESSAGES } from '../../contract/shro-copy';
import { NUDGE_MESSAGES } from '../../contract/shro-nudge';
import { SHRO_MESSAGES } from '../../contract/shros';
import { TERMS_OUTDATED_MESSAGE, TERMS_REQUIRED_MESSAGE } from '../../contract/terms';
import { ACHIEVEMENT_TEXTS } from '../features/achievements/texts';
import { RESET_EMAIL_TEXTS } from '../features/auth/password-reset';
import { NOTIFICATION_TEXTS } from '../features/notifications/texts';
import { PREVIEW_TEXTS } from '../features/seo/preview-state';
import { PAGE_META_TEXTS } from '../features/seo/render-meta';
import { IMAGE_ERROR_TEXTS } from '../features/shros/image-errors';
import { SERVER_MESSAGES } from '../lib/http-errors';
import { UPLOAD_TOO_SLOW } from '../lib/multipart-form';
import { OFFLINE_PAGE_TEXTS } from '../lib/offline-page';
import { BODY_TOO_SLOW } from '../plugins/body-deadline';
import { TOO_MANY_CONNECTIONS } from '../plugins/connection-limits';

/**
 * Every sentence the server writes for people, grouped by owner (docs/decisions/167-server-texts.md).
 * `group.key` is a text's stable `code` in error answers; its English is its id in the catalogs of
 * server/i18n/locales, which `npm run i18n:extract` keeps in step with this table.
 */
export const SERVER_TEXTS = {
  server: SERVER_MESSAGES,
  transport: { uploadTooSlow: UPLOAD_TOO_SLOW, bodyTooSlow: BODY_TOO_SLOW, tooManyConnections: TOO_MANY_CONNECTIONS },
  account: ACCOUNT_MESSAGES,
  auth: {
    invalidCredentials: INVALID_CREDENTIALS_MESSAGE,
    usernameTaken: USERNAME_TAKEN_MESSAGE,
    wrongCurrentPassword: WRONG_CURRENT_PASSWORD_MESSAGE,
    invalidResetToken: INVALID_RESET_TOKEN_MESSAGE,
    resetSent: PASSWORD_RESET_SENT_MESSAGE,
  },
  passkey: PASSKEY_MESSAGES,
  resetEmail: RESET_EMAIL_TEXTS,
  offline: OFFLINE_PAGE_TEXTS,
  terms: { required: TERMS_REQUIRED_MESSAGE, outdated: TERMS_OUTDATED_MESSAGE },
  profile: { userNotFound: USER_NOT_FOUND_MESSAGE, deletedUser: DELETED_USER_LABEL },
  notification: { notFound: NOTIFICATION_NOT_FOUND_MESSAGE, ...NOTIFICATION_TEXTS },
  shro: SHRO_MESSAGES,
  imageError: IMAGE_ERROR_TEXTS,
  copy: COPY_MESSAGES,
  nudge: NUDGE_MESSAGES,
  explore: EXPLORE_MESSAGES,
  friend: FRIEND_MESSAGES,
  invite: INVITE_MESSAGES,
  chat: CHAT_MESSAGES,
  block: BLOCK_MESSAGES,
  moderation: MODERATION_MESSAGES,
  reportReason: REPORT_REASON_LABELS,
  moderationNote: CREATOR_MODERATION_NOTES,
  notificationKind: NOTIFICATION_KIND_LABELS,
  contentFilter: CONTENT_FILTER_MESSAGES,
  push: PUSH_MESSAGES,
  locale: LOCALE_MESSAGES,
  achievement: Object.fromEntries(
    Object.entries(ACHIEVEMENT_TEXTS).flatMap(([id, texts]) => [
      [`${id}.name`, texts.name],
      [`${id}.description`, texts.description],
    ]),
  ),
  page: {
    appDescription: APP_DESCRIPTION,
    homeTitle: pageMeta.home.title,
    homeDescription: pageMeta.home.description,
    homeKeywords: pageMeta.home.keywords,
    exploreTitle: pageMeta.explore.title,
    exploreDescription: pageMeta.explore.description,
    exploreKeywords: pageMeta.explore.keywords,
    createTitle: pageMeta.create.title,
    createDescription: pageMeta.create.description,
    createKeywords: pageMeta.create.keywords,
    ...PAGE_META_TEXTS,
  },
  preview: PREVIEW_TEXTS,
} as const satisfies Record<string, Record<string, string>>;

/** Each English text once, with the code of its first owner (two owners may word a refusal alike). */
export function serverTexts(): Map<string, string> {
  const byText = new Map<string, string>();
  for (const [group, texts] of Object.entries(SERVER_TEXTS)) {
    for (const [key, text] of Object.entries(texts)) if (!byText.has(text)) byText.set(text, `${group}.${key}`);
  }
  return byText;
}
