import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { mfaStatus } from '../../../shared/api/mfa.ts';

export const MFA_QUERY_KEY = ['profile', 'mfa'] as const;

/** The caller's second factors and the tenant's policy; `reload` after adding or removing one. */
export function useMfaStatus() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: MFA_QUERY_KEY, queryFn: mfaStatus, gcTime: 0 });
  const reload = useCallback(() => client.invalidateQueries({ queryKey: MFA_QUERY_KEY }), [client]);
  return { status, reload };
}
