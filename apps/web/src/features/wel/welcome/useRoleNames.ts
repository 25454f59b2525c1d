import { useQuery } from '@tanstack/react-query';
import { isGuestUserId } from '@yuan/contract/auth';
import { useSession } from '../../../stores/session.ts';
import { fetchRoleNames, roleNamesKey } from './api.ts';

/** The caller's roles by name (超级管理员); their codes until the names are known, or if they cannot be read. */
export function useRoleNames(): string[] {
  const codes = useSession((state) => state.roles);
  // A guest's session may call almost nothing (anything else signs it out): its roles stay as they are.
  const guest = isGuestUserId(useSession((state) => state.userInfo?.user_id));
  const names = useQuery({
    queryKey: roleNamesKey,
    queryFn: fetchRoleNames,
    staleTime: 60_000,
    enabled: !guest,
  });
  return names.data && names.data.length > 0 ? names.data : codes;
}
