import { NOTICE_DEFAULT_TAB } from '@yuan/contract/constants';
import type { SourceOption } from '../../../shared/api/notice.ts';
import type { StaticOption } from '../../../shared/crud/types.ts';

/**
 * Choices of a notice's source from the SourceFrom dictionary. A tenant whose dictionary is still empty gets the
 * default source (p010), the one the bell opens on, so that a notice can always be published somewhere.
 */
export function sourceOptions(
  items: readonly SourceOption[] | undefined,
  fallbackLabel: string,
): StaticOption[] {
  if (!items || items.length === 0) {
    return [{ value: NOTICE_DEFAULT_TAB, label: [fallbackLabel, fallbackLabel] }];
  }
  return items.map((item) => ({ value: item.dictKey, label: [item.dictValue, item.dictValue] }));
}
