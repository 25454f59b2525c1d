import { defineResource } from '@yuan/contract';
import { FLOW_BASE } from '../flowApi.ts';
import { pair } from '../texts.ts';

/** How the shared list page shows the process instances (menu `flowFollow`); calls in flowApi.ts. */
export const instanceResource = defineResource({
  name: 'flowInstance',
  basePath: `${FLOW_BASE}/follow`,
  table: 'flow_instance',
  perm: 'flowFollow',
  tenantScoped: true,
  readOnly: true,
  title: pair('flow.follow.title'),
  fields: {
    processDefinitionName: {
      column: 'process_definition_name',
      kind: 'string',
      label: pair('flow.follow.processName'),
    },
    processDefinitionKey: {
      column: 'process_definition_key',
      kind: 'string',
      label: pair('flow.follow.processKey'),
      search: 'like',
    },
    businessKey: {
      column: 'business_key',
      kind: 'string',
      label: pair('flow.follow.businessKey'),
      search: 'like',
    },
    startUserName: { column: 'start_user_name', kind: 'string', label: pair('flow.follow.startUser') },
    startTime: { column: 'start_time', kind: 'datetime', label: pair('flow.follow.startTime') },
    currentActivities: { column: 'current_activities', kind: 'json', label: pair('flow.follow.current') },
    state: { column: 'state', kind: 'string', label: pair('flow.follow.state') },
  },
});
