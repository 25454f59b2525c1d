import type { FastifyInstance } from 'fastify';
import type { Kdb } from '../../db/index.ts';
import { ok } from '../../plugins/envelope.ts';

/** Operation-guide videos for the help dialog: `data.config` is the list. */
export function helpRoutes(db: Kdb) {
  return async (app: FastifyInstance) => {
    app.post(
      '/showHallConfig/listHelp',
      { schema: { tags: ['help'], summary: 'Operation-guide videos' } },
      async (request) => {
        const rows = await db
          .selectFrom('yuan_help_video')
          .select(['id', 'title', 'front_path', 'content_path', 'column_no'])
          .where('is_deleted', '=', 0)
          .orderBy('sort')
          .execute();
        const config = rows.map((r) => ({
          id: r.id,
          title: r.title,
          frontPath: r.front_path,
          contentPath: r.content_path,
          columnNo: r.column_no,
        }));
        return ok(request.lang, { config });
      },
    );
  };
}
