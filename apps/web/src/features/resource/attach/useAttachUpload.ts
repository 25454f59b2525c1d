import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { type PutFileResult, putFile } from '../../../shared/api/putFile.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';

export type UploadState = 'uploading' | 'done' | 'error';

/** One file of the upload dialog: its progress, then its link or the server's refusal. */
export interface UploadItem {
  uid: string;
  name: string;
  percent: number;
  state: UploadState;
  link?: string;
  message?: string;
}

/** The upload dialog's list: each file posted as it is chosen; `onUploaded` runs after every stored file. */
export function useAttachUpload(onUploaded: (result: PutFileResult) => void) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = useCallback((uid: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (uid: string, file: File) => {
      setItems((list) => [...list, { uid, name: file.name, percent: 0, state: 'uploading' }]);
      putFile(file, file.name, (percent) => update(uid, { percent }))
        .then((result) => {
          update(uid, { state: 'done', percent: 100, link: result.link });
          toastSuccess(t('attach.uploaded'));
          onUploaded(result);
        })
        .catch((error: unknown) => {
          const message = error instanceof RequestError ? error.message : String(error);
          update(uid, { state: 'error', message });
          // SPEC §8: a refused call shows the server's message as a toast, besides the line in the dialog.
          toastError(t('attach.uploadFailed', { name: file.name, message }));
        });
    },
    [onUploaded, t, update],
  );

  return { items, upload };
}
