import type { FastifyRequest } from 'fastify';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { badRequest, HttpError, payloadTooLarge } from '../../lib/http-errors';
import { forEachPart } from '../../lib/multipart-form';
import { nameImageError } from './image-errors';

/** The create form as read off the request: text fields (repeated `labels` as a list) and image files. */
export interface CreateForm {
  fields: Record<string, unknown>;
  images: Buffer[];
}

const LIST_FIELDS = new Set(['labels', 'labels[]']);
const IMAGE_FIELDS = new Set(['images', 'images[]']);

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

  // No prototype: a part named `__proto__` or `constructor` is kept as a field of its own, so the
  // strict schema refuses it by name.
  const fields: Record<string, unknown> = Object.create(null);
  const labels: string[] = [];
  const images: Buffer[] = [];
  try {
    await forEachPart(request, async (part) => {
      if (part.type === 'file') {
        if (!IMAGE_FIELDS.has(part.fieldname)) {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname}". Send images as "images".`);
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          // The web sends the labels before the files, so this file's box name is known here.
          throw nameImageError(asFormError(error), labels[images.length] || `Box ${images.length + 1}`);
        }
        // A file input left empty still sends a nameless, empty part.
        if (data.length === 0 && !part.filename) return;
        images.push(data);
        return;
      }
      if (part.valueTruncated || part.fieldnameTruncated)
        throw badRequest(`The field "${part.fieldname}" is too long.`);
      const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      // A browser's file input left empty arrives as an empty text part of the same name.
      if (IMAGE_FIELDS.has(part.fieldname) && value === '') return;
      if (LIST_FIELDS.has(part.fieldname)) labels.push(value);
      else if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = value;
    });
  } catch (error) {
    throw asFormError(error);
  }
  if (labels.length) fields.labels = labels;
  return { fields, images };
}

function asFormError(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(SHRO_MESSAGES.imageTooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(SHRO_MESSAGES.tooManyOptions);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('The form has too many fields.');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error as Error;
  return badRequest(SHRO_MESSAGES.formUnreadable);
}
