import { reportParam, reportRun, sqlParam } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment, XLSX_TYPE } from '../../lib/attachment.ts';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { ReportService } from './report.service.ts';

const tags = ['report'];
const preview = z.strictObject({
  querySql: z.string().trim().min(1).max(20_000),
  params: z.array(reportParam).max(20).optional(),
  values: z.record(z.string().max(32), sqlParam).optional(),
});

/**
 * `report/rest/run|export` for viewers (menu reportList) and `preview` for designers (reportList_add/_edit); the
 * list, detail, submit and remove are the generic CRUD's.
 */
export function reportRoutes(service: ReportService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/run', { config: { perm: ['reportList'] }, schema: { tags, body: reportRun } }, async (req) =>
      ok(req.lang, await service.run(caller(req), req.body)),
    );
    r.post(
      '/preview',
      { config: { perm: ['reportList_add', 'reportList_edit'] }, schema: { tags, body: preview } },
      async (req) =>
        ok(req.lang, await service.preview(req.body.querySql, req.body.params ?? [], req.body.values)),
    );
    r.post(
      '/export',
      { config: { perm: ['reportList'] }, schema: { tags, body: reportRun } },
      async (req, reply) => {
        const file = await service.excel(caller(req), req.body, req.lang);
        return sendAttachment(reply, file.name, XLSX_TYPE, file.body);
      },
    );
  };
}
