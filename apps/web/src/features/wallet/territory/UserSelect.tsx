import { useQuery } from '@tanstack/react-query';
import type { Page } from '@yuan/contract';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';

/** A user as the user list answers it (only what the picker shows). */
interface UserHit {
  id: string;
  account: string;
  name?: string;
  realName?: string;
}

const USER_PAGE = '/api/yuan-user/page';
const HITS = 20;

/**
 * Users whose account or real name contains the text, from the user screen's own list call (each is a `like`
 * filter there, so both are asked and merged); without text the first users.
 */
export async function searchUsers(text: string): Promise<UserHit[]> {
  const ask = (filter: Record<string, string>) =>
    call<Page<UserHit>>(USER_PAGE, {
      params: { current: 1, size: HITS, ...filter },
      guard: false,
      silent: true,
    });
  const pages = text ? await Promise.all([ask({ account: text }), ask({ realName: text })]) : [await ask({})];
  const seen = new Map<string, UserHit>();
  for (const user of pages.flatMap((page) => page.records)) {
    seen.set(user.id, user);
  }
  return [...seen.values()];
}

/** One user of the tenant, searched as the user types (debounced). */
export function UserSelect(props: { value?: string; onChange?: (id: string) => void; testId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), 300);
  const users = useQuery({ queryKey: ['territory-users', settled], queryFn: () => searchUsers(settled) });
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      showSearch={{ filterOption: false, onSearch: setText }}
      placeholder={t('walletTools.userSearch')}
      notFoundContent={
        users.isFetching ? <Spin size="small" /> : users.isError ? t('walletTools.usersFailed') : undefined
      }
      options={(users.data ?? []).map((user) => ({
        value: user.id,
        label: `${user.realName || user.name || user.account} (${user.account})`,
      }))}
      data-testid={props.testId}
    />
  );
}
