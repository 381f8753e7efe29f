import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { friendRequestItemSchema } from '../../../contract/friends';
import { pageHref } from '../../../contract/pages';
import type { Db } from '../../db/client';
import { signedInPageRead } from '../seo/render-meta';
import { getIncomingRequests } from './service';

const friendRequestsSchema = z.array(friendRequestItemSchema);

/** The signed-in home's friend requests in its HTML, as `GET /api/friends/requests` answers (decision 176). */
export const friendRequestsPageRead = (
  db: Db,
  resolveUser: (request: FastifyRequest) => Promise<{ id: string } | null>,
) =>
  signedInPageRead(pageHref('home'), '/api/friends/requests', resolveUser, async (userId) =>
    JSON.stringify(friendRequestsSchema.parse(await getIncomingRequests(db, userId))),
  );
