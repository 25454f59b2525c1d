import { DEFAULT_TENANT_ID } from '@yuan/contract/constants';
import { useSession } from '../../stores/session.ts';

/** True for the platform tenant's users: only they may deploy a process for other tenants. */
export function usePlatformTenant(): boolean {
  return useSession((state) => state.tenantId === DEFAULT_TENANT_ID);
}
