import { useQueryClient } from '@tanstack/react-query';
import type { AppPackagePreview } from '@yuan/contract/lowcode/app-package';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { packageApi } from './packageApi.ts';
import { HISTORY_KEY } from './useImportHistory.ts';

/**
 * A package file chosen, its preview, and its import once confirmed: the import sends the same file with the
 * preview's token, so what is written is what was shown.
 */
export function usePackageImport() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<AppPackagePreview | null>(null);
  const { busy, run, problem, setProblem } = useBusy({ showProblem: true });
  // A file chosen while the previous one is still being read replaces it: a late answer must not show.
  const latest = useRef<File | null>(null);

  const clear = () => {
    latest.current = null;
    setFile(null);
    setPreview(null);
    setProblem('');
  };

  const choose = (chosen: File) => {
    latest.current = chosen;
    setPreview(null);
    if (!/\.json$/i.test(chosen.name)) {
      setFile(null);
      setProblem(t('appPackage.onlyJson'));
      return;
    }
    setFile(chosen);
    void run(async () => {
      const answer = await packageApi.preview(chosen);
      if (latest.current === chosen) {
        setPreview(answer);
      }
    });
  };

  const blocked = !file || !preview || preview.conflicts.length > 0;

  const confirmImport = () => {
    if (blocked) {
      return;
    }
    const count = (action: string) => preview.items.filter((item) => item.action === action).length;
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('appPackage.confirmImport', {
        name: file.name,
        created: String(count('create')),
        updated: String(count('update')),
        rows: String(preview.rows),
      }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      // A refusal keeps the confirmation open; the request client has shown the server's message.
      onOk: async () => {
        const answer = await packageApi.import(file, preview.confirmToken);
        toastSuccess(
          t('appPackage.imported', {
            created: String(answer.created),
            updated: String(answer.updated),
            unchanged: String(answer.unchanged),
            rows: String(answer.rows),
          }),
        );
        clear();
        await client.invalidateQueries({ queryKey: HISTORY_KEY });
      },
    });
  };

  return { file, preview, busy, problem, choose, clear, blocked, confirmImport };
}
