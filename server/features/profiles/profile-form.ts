import type { FastifyRequest } from 'fastify';
import { type MultipartFormSpec, readMultipartForm } from '../../lib/multipart-form';

/** The profile form as read off the request: text fields and, when one was chosen, the new picture. */
export interface ProfileForm {
  fields: Record<string, unknown>;
  image?: Buffer;
}

const PROFILE_FORM: MultipartFormSpec = {
  fileFields: new Set(['profileImage']),
  unexpectedFile: (fieldname) => `Unknown field "${fieldname}". Send the picture as "profileImage".`,
};

/** Reads PATCH /api/profile as multipart (the web form) or JSON (no image). */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown> };
  const { fields, files } = await readMultipartForm(request, PROFILE_FORM);
  // An empty file means "no new image"; of several pictures the last one is kept.
  const image = files.filter((file) => file.length > 0).at(-1);
  return image ? { fields, image } : { fields };
}
