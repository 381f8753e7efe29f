import { useMutation } from '@tanstack/react-query';
import { ApiError, NetworkError, timeZoneHeader } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';

/** The file name the server gave the ZIP, e.g. `shro-export-2026-11-22.zip`. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'shro-export.zip';
}

/**
 * GET /api/account/export, saved as a file (decision 114). Fetched rather than followed as a
 * link, so a refusal (the hourly limit, a lost connection) shows as a message, not a JSON page.
 */
async function downloadExport(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiPaths.accountExport, { credentials: 'include', headers: timeZoneHeader() });
  } catch {
    throw new NetworkError(false);
  }
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  const name = fileNameOf(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
