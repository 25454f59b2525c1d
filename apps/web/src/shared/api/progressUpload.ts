import type { R } from '@yuan/contract';
import { PROGRESS_STREAM_TYPE } from '@yuan/contract/constants';
import { translate } from '../i18n/index.ts';
import { buildHeaders, buildUrl, checkAnswer, type ParamValue, RequestError } from './http.ts';

export interface ProgressUploadOptions<P> {
  params?: Record<string, ParamValue>;
  /** The share of the file sent so far, 0 to 1. */
  onSent?: (share: number) => void;
  /** Each progress line the server writes while it works. */
  onProgress?: (progress: P) => void;
  signal?: AbortSignal;
  silent?: boolean;
}

/** The complete lines of a streamed answer from `from` on, and where the next read starts. */
export function readLines(text: string, from: number): { lines: string[]; next: number } {
  const end = text.lastIndexOf('\n');
  if (end < from) {
    return { lines: [], next: from };
  }
  const lines = text
    .slice(from, end)
    .split('\n')
    .filter((line) => line.trim() !== '');
  return { lines, next: end + 1 };
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return null;
  }
}

/**
 * Posts one file as the multipart field `file` and follows the work: how much was sent (XHR upload events, which
 * fetch does not offer), then the server's progress lines; resolves with the envelope's data, the last line.
 * No time-out: a large file may take minutes; the signal cancels.
 */
export function uploadWithProgress<T, P>(
  url: string,
  file: Blob,
  fileName: string,
  options: ProgressUploadOptions<P> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(url, options.params));
    buildHeaders({}).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.setRequestHeader('Accept', `${PROGRESS_STREAM_TYPE}, application/json`);
    let read = 0;
    let last: unknown = null;
    const take = (final: boolean) => {
      const text = final && !xhr.responseText.endsWith('\n') ? `${xhr.responseText}\n` : xhr.responseText;
      const { lines, next } = readLines(text, read);
      read = next;
      for (const line of lines) {
        const value = parse(line);
        const progress = (value as { progress?: P } | null)?.progress;
        if (progress !== undefined) {
          options.onProgress?.(progress);
        } else {
          last = value;
        }
      }
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onSent?.(event.loaded / event.total);
      }
    };
    xhr.onprogress = () => take(false);
    xhr.onload = () => {
      take(true);
      try {
        checkAnswer(xhr.status, last, options.silent);
        resolve((last as R<T>).data);
      } catch (error) {
        reject(error);
      }
    };
    const failed = (key: 'request.network' | 'request.cancelled') => () =>
      reject(new RequestError(translate(key), 0, 0, null));
    xhr.onerror = failed('request.network');
    xhr.onabort = failed('request.cancelled');
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
