import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/api/http.ts';
import { uploadAvatar } from './api.ts';
import { avatarProblem } from './validation.ts';

export interface AvatarUpload {
  /** Checks the file, uploads it and resolves with the stored link, or null when refused. */
  upload: (file: File) => Promise<string | null>;
  uploading: boolean;
  /** Why the last file was refused (by the browser check or by the server), in the current language. */
  problem: string | null;
}

/** Avatar upload: the browser refuses wrong types and sizes before sending; the server's refusal is shown as is. */
export function useAvatarUpload(): AvatarUpload {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: uploadAvatar });

  const upload = async (file: File): Promise<string | null> => {
    const local = avatarProblem(file);
    if (local) {
      setProblem(t(local));
      return null;
    }
    setProblem(null);
    try {
      return await mutation.mutateAsync(file);
    } catch (error) {
      setProblem(error instanceof RequestError ? error.message : t('request.unknownError'));
      return null;
    }
  };

  return { upload, uploading: mutation.isPending, problem };
}
