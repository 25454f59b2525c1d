import { userResource } from '@yuan/contract';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { authModule } from '../auth/index.ts';
import { logModule } from '../log/index.ts';
import { mailModule } from '../mail/index.ts';
import { systemModule } from '../system/index.ts';
import { RegisterService } from './register.service.ts';
import { RetrieveService } from './retrieve.service.ts';
import { userRoutes } from './user.routes.ts';
import { userRules } from './user.rules.ts';
import { UserService } from './user.service.ts';
import { UserExcel } from './user-excel.ts';

/** Users: the list and its Excel import/export, registration, password retrieval, the own profile. */
export const userModule = defineModule({
  name: 'user',
  needs: { system: systemModule, auth: authModule, log: logModule, mail: mailModule },
  build({ db, database, counts, restorers }, { system, auth, log, mail }) {
    const cruds = resourceCruds(
      { db, counts, restorers },
      [[userResource, userRules(db)]],
      system.dataScopes,
    );
    const users = new UserService(db, auth.sessions, (tenantId, roleIds) =>
      auth.authRepo.rolesOf(tenantId, roleIds),
    );
    return {
      provides: {},
      async register(app) {
        await cruds.register(app);
        await app.register(
          userRoutes(users, cruds.of('user'), new UserExcel(db), {
            register: new RegisterService(db, auth.authRepo, auth.socialRepo, auth.sessions),
            logs: log.logs,
            retrieve: new RetrieveService(database, auth.authRepo, auth.codes, mail.mail, users),
          }),
          { prefix: '/api/yuan-user' },
        );
      },
    };
  },
});
