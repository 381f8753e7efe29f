import type { TitleSearchResult } from '@contract/catalog';
import type { Shro } from '@contract/shro-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@/lib/analytics';
import { apiPaths, queryKey } from '@/lib/api-paths';
import { apiUpload, type UploadProgress } from '@/lib/api-upload';

/**
 * The create form as docs/product.md §7 lists its fields (plus `expiresAt`, §4). Lists travel as
 * JSON text; images as repeated `images` parts with their `labels` in the same order.
 */
export interface CreateShroRequest {
  title: string;
  type: 'image' | 'text' | 'movie' | 'tv';
  isShareable: boolean;
  isPublic: boolean;
  isAnonymous: boolean;
  isShuffled: boolean;
  hashtags?: string;
  friendId?: string;
  recipients: string[];
  expiresAt?: string | null;
  winningBoxPosition?: number | null;
  textOptions?: { content: string; label?: string | null; category?: string | null }[];
  tmdbOptions?: { label: string | null; tmdbData: TitleSearchResult; imageUrl: string | null }[];
  images?: { file: File; label: string }[];
}

function toCreateFormData(request: CreateShroRequest): FormData {
  const form = new FormData();
  form.append('title', request.title);
  form.append('type', request.type);
  form.append('isShareable', String(request.isShareable));
  form.append('isPublic', String(request.isPublic));
  if (request.isAnonymous) form.append('isAnonymous', 'true');
  if (request.isShuffled) form.append('isShuffled', 'true');
  if (request.hashtags) form.append('hashtags', request.hashtags);
  if (request.friendId) form.append('friendId', request.friendId);
  form.append('recipients', JSON.stringify(request.recipients));
  if (request.expiresAt) form.append('expiresAt', request.expiresAt);
  if (request.winningBoxPosition) form.append('winningBoxPosition', String(request.winningBoxPosition));
  if (request.textOptions) form.append('textOptions', JSON.stringify(request.textOptions));
  if (request.tmdbOptions) form.append('tmdbOptions', JSON.stringify(request.tmdbOptions));
  // Text fields go first so the server has them before it streams the files.
  for (const image of request.images ?? []) form.append('labels', image.label);
  for (const image of request.images ?? []) form.append('images', image.file, image.file.name);
  return form;
}

const createShro = (request: CreateShroRequest, onProgress?: UploadProgress) =>
  apiUpload<Shro>('POST', apiPaths.shros, toCreateFormData(request), onProgress);

/** POST /api/sessions (multipart, with upload progress); the answer is the creator's view (201). */
export function useCreateShro(onProgress?: UploadProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateShroRequest) => createShro(request, onProgress),
    onSuccess: (shro) => {
      trackEvent('create_shro', { label: shro.isPublic ? 'public' : 'private' });
      queryClient.setQueryData(queryKey(apiPaths.shro(shro.id)), shro);
      void queryClient.invalidateQueries({ queryKey: queryKey(apiPaths.shros) });
    },
  });
}
