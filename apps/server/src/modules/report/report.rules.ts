import { encodeMessage, reportParam, reportView } from '@yuan/contract';
import { z } from 'zod';
import type { ResourceRules } from '../../lib/crud/crud.service.ts';
import { FieldError } from '../../lib/errors.ts';
import type { SqlEditService } from '../lowcode/index.ts';

const params = z.array(reportParam).max(20);

/**
 * A report is saved only when its parameters and presentation have their shape and its query passes the SQL
 * editor's guard with exactly as many `$n` as it declares parameters: a viewer never meets a broken report.
 */
export function reportRules(sqlEdit: SqlEditService): ResourceRules {
  return {
    async prepare(_ctx, values) {
      const declared = params.safeParse(values.params ?? []);
      if (!declared.success) {
        throw new FieldError('params', encodeMessage('form.type', { label: 'report.params' }));
      }
      if (values.view !== undefined && values.view !== null && !reportView.safeParse(values.view).success) {
        throw new FieldError('view', encodeMessage('form.type', { label: 'report.view' }));
      }
      if (typeof values.querySql === 'string') {
        // A query the SQL editor refuses is refused here with the editor's reason.
        const need = await sqlEdit.paramsOf(values.querySql);
        if (need !== declared.data.length) {
          throw new FieldError(
            'querySql',
            encodeMessage('report.paramCount', { need, have: declared.data.length }),
          );
        }
      }
      return values;
    },
  };
}
