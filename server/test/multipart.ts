/** A file part of a multipart body built for `app.inject`. */
export interface MultipartFile {
  field: string;
  data: Buffer | Uint8Array;
  filename?: string;
  /** The declared type; the server must not trust it, so tests may lie here. */
  type?: string;
}

/**
 * A multipart/form-data body as a browser's FormData would send it, ready for
 * `app.inject({ payload, headers })`. Array values become repeated fields.
 */
export async function multipart(
  fields: Record<string, string | number | boolean | string[] | undefined>,
  files: MultipartFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  for (const file of files) {
    const blob = new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' });
    form.append(file.field, blob, file.filename ?? 'upload.bin');
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
