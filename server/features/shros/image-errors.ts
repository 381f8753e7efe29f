import { SHRO_MESSAGES } from '../../../contract/shros';
import { HttpError } from '../../lib/http-errors';

const IMAGE_PROBLEMS = new Set<string>([
  SHRO_MESSAGES.imageType,
  SHRO_MESSAGES.imageTooLarge,
  SHRO_MESSAGES.imageDimensions,
]);

/**
 * A refusal of one image, named by its box ("Box 3: Please select an image file."), so the
 * creator knows which file to change. Other errors pass unchanged.
 */
export function nameImageError(error: unknown, boxName: string): unknown {
  if (!(error instanceof HttpError) || !IMAGE_PROBLEMS.has(error.message)) return error;
  return new HttpError(error.statusCode, `${boxName}: ${error.message}`, error.headers);
}
