import { encodeMessage, RESERVED_SERVICE_PATHS, SCRIPT_LABELS } from '@yuan/contract';
import type { CrudRepo, Row } from '../../../lib/crud/crud.repo.ts';
import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { FieldError, notFound } from '../../../lib/errors.ts';
import { checkSchedule } from '../schedule/script-scheduler.ts';

/**
 * A service has a path and code (empty at first) and is enabled unless said otherwise; a module has neither. Both
 * hang under a module or at the top.
 */
export function scriptRules(
  repo: () => CrudRepo,
  plan: (
    tenantId: string,
    row: { id: string; cron: string; timeZone: string; enabled: boolean },
  ) => Promise<void>,
): ResourceRules {
  return {
    async afterSave(ctx, row) {
      await plan(ctx.tenantId, {
        id: String(row.id),
        cron: String(row.cron ?? ''),
        timeZone: String(row.timeZone ?? ''),
        enabled: row.kind === 'service' && row.enabled === true,
      });
      return row;
    },
    async prepare(ctx, values, id) {
      const current = id ? await repo().findById(ctx.tenantId, id) : undefined;
      const kind = String(values.kind ?? current?.kind ?? '');
      const out: Row = { ...values };
      if (kind === 'service') {
        const path = values.path ?? current?.path;
        if (typeof path !== 'string' || path === '') {
          throw new FieldError('path', encodeMessage('form.required', { label: SCRIPT_LABELS.path }));
        }
        const first = path.split('/')[0] ?? '';
        if (RESERVED_SERVICE_PATHS.includes(first)) {
          throw new FieldError('path', encodeMessage(SCRIPT_LABELS.reserved, { name: first }));
        }
        out.code ??= current ? undefined : '';
        out.language ??= 'js';
        out.enabled ??= current ? undefined : true;
        checkSchedule(
          String(values.cron ?? current?.cron ?? ''),
          String(values.timeZone ?? current?.timeZone ?? ''),
        );
      } else {
        out.path = null;
        out.code = null;
        out.enabled = null;
        out.cron = '';
        out.timeZone = '';
      }
      const parentId = String(values.parentId ?? current?.parentId ?? '0');
      if (parentId !== '0') {
        const parent = await repo().findById(ctx.tenantId, parentId);
        // A module that is not the caller's is as absent as one that never was.
        if (!parent) {
          throw notFound();
        }
        if (parent.kind !== 'module') {
          throw new FieldError('parentId', encodeMessage('form.choose', { label: SCRIPT_LABELS.parent }));
        }
      }
      for (const key of Object.keys(out)) {
        if (out[key] === undefined) {
          delete out[key];
        }
      }
      return out;
    },
  };
}
