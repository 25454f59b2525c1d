import {
  apiScopeResource,
  clientResource,
  dataScopeResource,
  deptResource,
  dictBizResource,
  dictResource,
  menuResource,
  paramResource,
  postResource,
  regionResource,
  roleResource,
  TIME_ZONE_PATH,
  tenantPackageResource,
  tenantResource,
  topMenuResource,
} from '@yuan/contract';
import { afterCommit } from '../../db/scope.ts';
import type { ResourceRules } from '../../lib/crud/crud.service.ts';
import { resourceCruds } from '../../lib/crud/resource-cruds.ts';
import { defineModule } from '../../lib/module/module.ts';
import { clientRules } from './client/client.rules.ts';
import { DeptRepo } from './dept/dept.repo.ts';
import { deptSelectRoutes } from './dept/dept.routes.ts';
import { deptRules } from './dept/dept.rules.ts';
import { dictRoutes } from './dict/dict.routes.ts';
import { dictRules } from './dict/dict.rules.ts';
import { DictService } from './dict/dict.service.ts';
import { MenuRepo } from './menu/menu.repo.ts';
import { menuRoutes } from './menu/menu.routes.ts';
import { MenuService } from './menu/menu.service.ts';
import { PermissionService } from './menu/permission.service.ts';
import { paramRules } from './param/param.rules.ts';
import { PostRepo } from './post/post.repo.ts';
import { postSelectRoutes } from './post/post.routes.ts';
import { RegionRepo } from './region/region.repo.ts';
import { regionRoutes } from './region/region.routes.ts';
import { ApiScopeService } from './role/api-scope.service.ts';
import { DataScopeService } from './role/data-scope.service.ts';
import { GrantRepo } from './role/grant.repo.ts';
import { GrantService } from './role/grant.service.ts';
import { grantRoutes } from './role/role.routes.ts';
import { TenantRepo } from './tenant/tenant.repo.ts';
import { tenantRoutes } from './tenant/tenant.routes.ts';
import { tenantRules } from './tenant/tenant.rules.ts';
import { timeZoneRoutes } from './time-zone/time-zone.routes.ts';
import { TimeZoneService } from './time-zone/time-zone.service.ts';

/** Tenants, users' roles and grants, menus, departments, posts, dictionaries, parameters, regions, time zones. */
export const systemModule = defineModule({
  name: 'system',
  build({ db, database, counts, caches, restorers }) {
    const menuRepo = new MenuRepo(db);
    const menus = new MenuService(menuRepo, caches);
    const perms = new PermissionService(menuRepo, database, caches);
    const dicts = new DictService(db, dictResource, caches);
    const bizDicts = new DictService(db, dictBizResource, caches);
    const dataScopes = new DataScopeService(db, caches);
    const apiScopes = new ApiScopeService(database, caches);
    const zones = new TimeZoneService(db, database, caches);
    const tenantRepo = new TenantRepo(db);
    const depts = new DeptRepo(db);
    // Menus, roles and top menus shape what every caller sees: a change drops the trees and permission sets.
    const menuChange: ResourceRules = {
      changed: () =>
        afterCommit(() => {
          menus.clear();
          perms.clear();
        }),
    };
    const scopeChange: ResourceRules = {
      changed: () =>
        afterCommit(() => {
          dataScopes.clear();
          apiScopes.clear();
        }),
    };
    const cruds = resourceCruds(
      { db, counts, restorers },
      [
        [paramResource, paramRules(zones)],
        [postResource],
        [tenantPackageResource],
        [dataScopeResource, scopeChange],
        [apiScopeResource, scopeChange],
        [clientResource, clientRules],
        [deptResource, deptRules(depts)],
        [dictResource, dictRules(db, dictResource, dicts)],
        [dictBizResource, dictRules(db, dictBizResource, bizDicts)],
        [roleResource, menuChange],
        [menuResource, menuChange],
        [topMenuResource, menuChange],
        [tenantResource, tenantRules(tenantRepo)],
        [regionResource],
      ],
      dataScopes,
    );
    const grants = new GrantService(new GrantRepo(db), [perms, menus, dataScopes, apiScopes]);
    return {
      provides: { perms, apiScopes, dataScopes, zones, dicts, bizDicts, depts },
      async register(app) {
        await app.register(menuRoutes(menus), { prefix: '/api/yuan-system' });
        await app.register(dictRoutes(dictResource, dicts), { prefix: dictResource.basePath });
        await app.register(dictRoutes(dictBizResource, bizDicts), { prefix: dictBizResource.basePath });
        await cruds.register(app);
        await app.register(grantRoutes(grants, cruds.of('role')), { prefix: '/api/yuan-system' });
        await app.register(tenantRoutes(tenantRepo), { prefix: '/api/yuan-system/tenant' });
        await app.register(regionRoutes(new RegionRepo(db)), { prefix: '/api/yuan-system/region' });
        await app.register(timeZoneRoutes(zones, cruds.of('param')), { prefix: TIME_ZONE_PATH });
        await app.register(deptSelectRoutes(depts), { prefix: '/api/yuan-system/dept' });
        await app.register(postSelectRoutes(new PostRepo(db)), { prefix: '/api/yuan-system/post' });
      },
    };
  },
});
