import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { changePassword, type PasswordValues } from './api.ts';

/**
 * POST user/update-password. The server keeps this session and ends the caller's others; a refusal (wrong current
 * password) arrives as the request client's error toast with the server's message.
 */
export function usePasswordChange(onChanged: () => void) {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (values: PasswordValues) => changePassword(values),
    onSuccess: () => {
      toastSuccess(t('profile.passwordChanged'));
      onChanged();
    },
  });
}
