import { reportResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { lowcodeModule } from '../lowcode/index.ts';
import { systemModule } from '../system/index.ts';
import { reportRoutes } from './report.routes.ts';
import { reportRules } from './report.rules.ts';
import { ReportService } from './report.service.ts';

/** Reports: saved SQL queries with parameters, run through the SQL editor's guard and exported. */
export const reportModule = defineModule({
  name: 'report',
  needs: { system: systemModule, lowcode: lowcodeModule },
  build({ db, counts, caches, restorers }, { system, lowcode }) {
    const cruds = resourceCruds(
      { db, counts, restorers },
      [[reportResource, reportRules(lowcode.sqlEdit)]],
      system.dataScopes,
    );
    const reports = new ReportService(cruds.of('report'), lowcode.sqlEdit, caches);
    return {
      provides: {},
      async register(app) {
        await cruds.register(app);
        await app.register(reportRoutes(reports), { prefix: '/api/yuan-report/report/rest' });
      },
    };
  },
});
