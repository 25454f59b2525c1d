import { DEFAULT_VIDEO_COLUMN } from '@yuan/contract';
import type { ResourceRules } from '../../lib/crud/crud.service.ts';

/** A video without a column is shown under the default one (SPEC §9: M01), also when the form sends it empty. */
export const helpVideoRules: ResourceRules = {
  async prepare(_ctx, values, id) {
    const empty = values.columnNo === '' || values.columnNo === null;
    if (empty || (id === undefined && values.columnNo === undefined)) {
      return { ...values, columnNo: DEFAULT_VIDEO_COLUMN };
    }
    return values;
  },
};
