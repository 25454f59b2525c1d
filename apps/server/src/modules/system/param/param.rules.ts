import { encodeMessage, TIME_ZONE_PARAM } from '@yuan/contract';
import { afterCommit } from '../../../db/scope.ts';
import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { FieldError } from '../../../lib/errors.ts';

/** What the param rules need of the tenant time zones: the check of a zone name and the cache to drop. */
export interface ZoneCheck {
  valid(zone: string): Promise<boolean>;
  clear(): void;
}

/**
 * Parameters (SPEC §5 messages come from the definition): the time-zone parameter holds a zone the runtime and the
 * database both know, trimmed; any change drops the cached tenant zones.
 */
export function paramRules(zones: ZoneCheck): ResourceRules {
  return {
    async prepare(_ctx, values) {
      if (values.paramKey !== TIME_ZONE_PARAM) {
        return values;
      }
      const zone = typeof values.paramValue === 'string' ? values.paramValue.trim() : '';
      if (!(await zones.valid(zone))) {
        throw new FieldError('paramValue', encodeMessage('timeZone.invalid'));
      }
      return { ...values, paramValue: zone };
    },
    changed: () => afterCommit(() => zones.clear()),
  };
}
