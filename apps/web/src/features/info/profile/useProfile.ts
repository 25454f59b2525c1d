import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { fetchProfile, type ProfileInfo, type ProfileValues, saveProfile } from './api.ts';
import { applyProfileToSession } from './profileSession.ts';

export const PROFILE_QUERY_KEY = ['profile', 'info'] as const;

/** The form's starting values; the server may hold nulls for fields never filled. */
export function profileValues(info: ProfileInfo): ProfileValues {
  return {
    avatar: info.avatar ?? '',
    realName: info.realName ?? '',
    name: info.name ?? '',
    phone: info.phone ?? '',
    email: info.email ?? '',
  };
}

/** Trimmed copies of the typed values: stray spaces would otherwise be stored and fail the phone/email rules. */
export function cleanProfile(values: Partial<ProfileValues>): ProfileValues {
  return {
    avatar: (values.avatar ?? '').trim(),
    realName: (values.realName ?? '').trim(),
    name: (values.name ?? '').trim(),
    phone: (values.phone ?? '').trim(),
    email: (values.email ?? '').trim(),
  };
}

/** The caller's profile (GET user/info) and its save (POST user/update-info), which also updates the header. */
export function useProfile() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const profile = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile, gcTime: 0 });
  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: (_saved, values) => {
      applyProfileToSession(values);
      client.setQueryData<ProfileInfo>(PROFILE_QUERY_KEY, (old) => (old ? { ...old, ...values } : old));
      toastSuccess(t('profile.saved'));
    },
  });
  return { profile, save };
}
