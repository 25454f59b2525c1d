import type { FieldOptionMap } from '../../../shared/crud/types.ts';
import { YES_NO } from '../options.ts';

/** Options shared by the system and business dictionary screens. */
export const dictFields: FieldOptionMap = {
  parentId: { hideInTable: true },
  isSealed: { options: YES_NO },
};
