import type { R } from '@yuan/contract';
import { type ParamValue, type RawOptions, requestRaw } from './http.ts';

/** SPEC §9: the object URL of an exported file is freed after 150 ms. */
const EXPORT_CLEANUP_MS = 150;

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) {
    return fallback;
  }
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      return fallback;
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Downloads a file answered by a GET and saves it in the browser (the object URL is freed after 150 ms). */
export async function downloadFile(
  url: string,
  params: Record<string, ParamValue>,
  fallbackName: string,
  failureText: string,
): Promise<void> {
  const response = await requestRaw(url, { params, fallback: failureText });
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
}

/** Offers a blob as a file download; the object URL is freed after 150 ms. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  setTimeout(() => {
    URL.revokeObjectURL(href);
    anchor.remove();
  }, EXPORT_CLEANUP_MS);
}

/** Posts one file as the multipart field `file`; resolves with the envelope's data. */
export async function uploadFile<T>(
  url: string,
  file: Blob,
  fileName: string,
  options: Pick<RawOptions, 'params' | 'silent'> = {},
): Promise<T> {
  const form = new FormData();
  form.append('file', file, fileName);
  const response = await requestRaw(url, { ...options, method: 'POST', body: form });
  const envelope = (await response.json()) as R<T>;
  return envelope.data;
}
