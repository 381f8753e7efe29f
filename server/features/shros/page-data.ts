import type { FastifyReply, FastifyRequest } from 'fastify';
import { homeInboxSchema } from '../../../contract/home';
import { pageHref } from '../../../contract/pages';
import { sessionPartsOf } from '../../../contract/session-parts';
import { HttpError } from '../../lib/http-errors';
import { type InlinePageData, shroIdOfPage, signedInPageRead } from '../seo/render-meta';
import type { ShroDeps } from './access';
import { getHomeInbox } from './home';
import { getShroJsonForViewer } from './view';

/**
 * The Shro a `/session/:id` page shows, answered in the page's HTML (decision 140), so that the
 * page needs no second round trip before its boxes show: on a phone's network that is the longest
 * wait of a visit. The JSON is exactly `GET /api/sessions/:id`'s answer for the same cookie
 * (`getShroJsonForViewer`, the same presenter, the same response schema), so it shows nothing that
 * read would not. A Shro the viewer may not see (404), or any failure, inlines nothing: the page
 * then reads it itself and shows that read's answer, as before.
 */
export function shroPageData(
  deps: ShroDeps,
  resolveUser: (request: FastifyRequest) => Promise<{ id: string; username: string } | null>,
) {
  return async (request: FastifyRequest, _reply: FastifyReply, pathname: string): Promise<InlinePageData | null> => {
    const id = shroIdOfPage(pathname);
    if (!id) return null;
    try {
      const user = await resolveUser(request);
      const viewer = user ? { id: user.id, username: user.username } : null;
      const at = Date.now();
      const body = await getShroJsonForViewer(deps, id, viewer, new Date(at));
      // The parts the page will show this viewer: their code is named in the page (decision 151).
      const parts = sessionPartsOf(JSON.parse(body.text)) ?? [];
      return { apiPath: `/api/sessions/${id}`, json: body.text, at, parts };
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode < 500)) {
        request.log.warn({ err: error }, 'the Shro could not be inlined into its page');
      }
      return null;
    }
  };
}

/** The signed-in home's inbox in its HTML, as `GET /api/home` answers (decision 176). */
export const homeInboxPageRead = (
  deps: Pick<ShroDeps, 'db'>,
  resolveUser: (request: FastifyRequest) => Promise<{ id: string } | null>,
) =>
  signedInPageRead(pageHref('home'), '/api/home', resolveUser, async (userId) =>
    JSON.stringify(homeInboxSchema.parse(await getHomeInbox(deps, userId))),
  );
