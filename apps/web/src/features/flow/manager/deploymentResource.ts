import { defineResource } from '@yuan/contract';
import { FLOW_BASE } from '../flowApi.ts';
import { pair } from '../texts.ts';

/** How the shared list page shows the deployed process definitions (menu `flowManager`); calls in flowApi.ts. */
export const deploymentResource = defineResource({
  name: 'flowDeployment',
  basePath: `${FLOW_BASE}/manager`,
  table: 'flow_deployment',
  perm: 'flowManager',
  tenantScoped: true,
  readOnly: true,
  title: pair('flow.manager.title'),
  fields: {
    key: { column: 'key', kind: 'string', label: pair('flow.manager.key'), search: 'like' },
    name: { column: 'name', kind: 'string', label: pair('flow.manager.name') },
    version: { column: 'version', kind: 'int', label: pair('flow.manager.version') },
    category: { column: 'category', kind: 'string', label: pair('flow.manager.category'), search: 'like' },
    tenantId: { column: 'tenant_id', kind: 'string', label: pair('flow.manager.tenantId') },
    suspended: { column: 'suspended', kind: 'bool', label: pair('flow.manager.state') },
    deployTime: { column: 'deploy_time', kind: 'datetime', label: pair('flow.manager.deployTime') },
    resourceName: { column: 'resource_name', kind: 'string', label: pair('flow.manager.resourceName') },
  },
});
