import type { R } from '@yuan/contract';
import { REQUEST_TIMEOUT_MS } from '@yuan/contract/constants';
import { UPLOAD_ACTION } from '@yuan/contract/lowcode/form-fields';
import { translate } from '../i18n/index.ts';
import { buildHeaders, errorMessage, RequestError } from './http.ts';

export const PUT_FILE_PATH = UPLOAD_ACTION;

/** What put-file answers: the stored file's link and the attachment recorded for it. */
export interface PutFileResult {
  link: string;
  domain: string;
  name: string;
  originalName: string;
  attachId: string;
}

/** Whole percent of an upload; 0 while the total is unknown. */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) {
    return 0;
  }
  return Math.min(100, Math.floor((loaded / total) * 100));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The outcome of a put-file answer: its data when status and envelope code are 200, otherwise a RequestError
 * with the server's message (SPEC §8: msg, else error_description, else 未知错误).
 */
export function readUploadAnswer(status: number, text: string): PutFileResult {
  const body = parse(text);
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Partial<R<PutFileResult>>;
  const code = envelope.code ?? status;
  if (status !== 200 || code !== 200 || !envelope.data) {
    throw new RequestError(errorMessage(body), status, code, body);
  }
  return envelope.data;
}

/**
 * Posts one file as the multipart field `file`. XMLHttpRequest rather than fetch: only it reports upload progress.
 * Same headers as every other call (client credential, token, language); the browser sets the multipart type.
 * `path` is another endpoint answering like put-file (a form's upload field may name one).
 */
export function putFile(
  file: Blob,
  fileName: string,
  onProgress: (percent: number) => void,
  path = PUT_FILE_PATH,
): Promise<PutFileResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    buildHeaders({}).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.upload.onprogress = (event) => onProgress(percentOf(event.loaded, event.total));
    xhr.onload = () => {
      try {
        resolve(readUploadAnswer(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new RequestError(translate('request.network'), 0, 0, null));
    xhr.ontimeout = () => reject(new RequestError(translate('request.timeout'), 0, 0, null));
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
