import { noticeResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { systemModule } from '../system/index.ts';
import { noticeReaderRoutes } from './notice.routes.ts';
import { noticeRules } from './notice.rules.ts';
import { NoticeReaderRepo } from './notice-reader.repo.ts';
import { NoticeReaderService } from './notice-reader.service.ts';

/** Notices: written by administrators, read by every user of the tenant. */
export const deskModule = defineModule({
  name: 'desk',
  needs: { system: systemModule },
  build({ db, counts, restorers }, { system }) {
    const cruds = resourceCruds(
      { db, counts, restorers },
      [[noticeResource, noticeRules]],
      system.dataScopes,
    );
    const notices = new NoticeReaderService(new NoticeReaderRepo(db), counts);
    return {
      provides: { notices },
      async register(app) {
        await cruds.register(app);
        await app.register(noticeReaderRoutes(notices), { prefix: '/api/yuan-desk/notice' });
      },
    };
  },
});
