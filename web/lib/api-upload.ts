import { ApiError, NetworkError, timeZoneHeader } from './api-client';

/** Upload progress from 0 to 1 (`null` while the browser cannot tell the total). */
export type UploadProgress = (fraction: number | null) => void;

/**
 * Sends multipart form data with XMLHttpRequest, because fetch cannot report upload progress.
 * Same contract as apiRequest: credentials sent, JSON answer, ApiError("status: body") on failure.
 */
export function apiUpload<T>(method: string, url: string, body: FormData, onProgress?: UploadProgress): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(timeZoneHeader(method))) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded / event.total : null);
      xhr.upload.onload = () => onProgress(1);
    }
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, text, xhr.statusText));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new NetworkError(true));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(body);
  });
}
