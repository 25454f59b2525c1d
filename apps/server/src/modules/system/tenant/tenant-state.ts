import type { MessageKey } from '@yuan/contract';

/** Why a tenant cannot be signed in to or registered with: missing or disabled, or past its expiry. */
export function tenantRefusal(
  tenant: { status: number; expire_time: Date | null } | undefined,
): MessageKey | null {
  if (tenant?.status !== 1) {
    return 'auth.tenantInvalid';
  }
  if (tenant.expire_time && new Date(tenant.expire_time).getTime() < Date.now()) {
    return 'auth.tenantExpired';
  }
  return null;
}
