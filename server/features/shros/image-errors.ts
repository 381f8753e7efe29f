import { SHRO_MESSAGES } from '../../../contract/shros';
import { wording } from '../../i18n/catalogs';
import { HttpError } from '../../lib/http-errors';

/** How a refusal of one image names its box (docs/decisions/167-server-texts.md). */
export const IMAGE_ERROR_TEXTS = {
  inBox: '{box}: {problem}',
  box: 'Box {position}',
  anImage: 'An image',
} as const;

const IMAGE_PROBLEMS = new Set<string>([
  SHRO_MESSAGES.imageType,
  SHRO_MESSAGES.imageTooLarge,
  SHRO_MESSAGES.imageDimensions,
]);

/**
 * A refusal of one image, named by its box ("Box 3: Please select an image file."), so the
 * creator knows which file to change: by the label the creator gave, else by its position, else
 * as "An image". It keeps the problem's code. Other errors pass unchanged.
 */
export function nameImageError(error: unknown, box: { label?: string; position?: number }): unknown {
  if (!(error instanceof HttpError) || !IMAGE_PROBLEMS.has(error.message)) return error;
  const name = box.label
    ? box.label
    : box.position
      ? wording(IMAGE_ERROR_TEXTS.box, { position: box.position })
      : wording(IMAGE_ERROR_TEXTS.anImage);
  const shown = wording(IMAGE_ERROR_TEXTS.inBox, { box: name, problem: wording(error.message) });
  return new HttpError(error.statusCode, error.message, error.headers, shown);
}
