import type { FastifyRequest } from 'fastify';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { badRequest } from '../../lib/http-errors';
import { type MultipartFormSpec, readMultipartForm } from '../../lib/multipart-form';
import { nameImageError } from './image-errors';

/** The create form as read off the request: text fields (repeated `labels` as a list) and image files. */
export interface CreateForm {
  fields: Record<string, unknown>;
  images: Buffer[];
}

const CREATE_FORM: MultipartFormSpec = {
  fileFields: new Set(['images', 'images[]']),
  unexpectedFile: (fieldname) => `Unexpected file field "${fieldname}". Send images as "images".`,
  listFields: new Set(['labels', 'labels[]']),
  tooManyFiles: SHRO_MESSAGES.tooManyOptions,
  // The web sends the labels before the files, so a refused file's box name is known.
  nameFileError: (error, index, labels) => nameImageError(error, { label: labels[index], position: index + 1 }),
};

/**
 * Reads POST /api/sessions: multipart as the spec's form sends it, or JSON for creates without
 * images. Every limit breach or malformed body becomes a 4xx `{message}`, never a 500.
 */
export async function readCreateForm(request: FastifyRequest): Promise<CreateForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(SHRO_MESSAGES.titleRequired);
    return { fields: body as Record<string, unknown>, images: [] };
  }
  const { fields, list: labels, files: images } = await readMultipartForm(request, CREATE_FORM);
  if (labels.length) fields.labels = labels;
  return { fields, images };
}
