import { defineModule } from '../../lib/module/module.ts';
import { lowcodeModule } from '../lowcode/index.ts';
import { triggerModule } from '../trigger/index.ts';
import { PackageExport } from './package-export.ts';
import { PackageRepo } from './package.repo.ts';
import { packageRoutes } from './package.routes.ts';
import { PackageService } from './package.service.ts';

/** Application packages: a tenant's low-code application exported as one file and imported elsewhere. */
export const appPackageModule = defineModule({
  name: 'appPackage',
  needs: { lowcode: lowcodeModule, trigger: triggerModule },
  build({ db, restorers, config }, { lowcode, trigger }) {
    const repo = new PackageRepo(db);
    const exporter = new PackageExport(repo, restorers, lowcode.entities, lowcode.entityData);
    const service = new PackageService(
      exporter,
      {
        repo,
        restorers,
        entities: lowcode.entities,
        ddl: lowcode.ddl,
        entityData: lowcode.entityData,
        makeDefault: (ctx, kind, id) => lowcode.designOf(kind).makeDefault(ctx, id),
        saveTrigger: (ctx, body) =>
          trigger.triggers.save(ctx, body as Parameters<typeof trigger.triggers.save>[1]),
      },
      lowcode.inScope,
      config.jwtSecret,
    );
    return {
      provides: {},
      async register(app) {
        await app.register(packageRoutes(service, repo), { prefix: '/api/yuan-api' });
      },
    };
  },
});
