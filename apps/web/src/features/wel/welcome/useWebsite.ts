import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebsiteConfig } from '@yuan/contract/system/website';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchWebsite, saveWebsite, websiteKey } from './api.ts';

/** The tenant's website configuration and its save; a save refreshes what the page shows. */
export function useWebsite() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: websiteKey, queryFn: fetchWebsite });
  const save = useMutation({
    mutationFn: saveWebsite,
    onSuccess: (saved: WebsiteConfig) => {
      client.setQueryData(websiteKey, saved);
      void message.success(t('website.saved'));
    },
  });
  return { query, save };
}
