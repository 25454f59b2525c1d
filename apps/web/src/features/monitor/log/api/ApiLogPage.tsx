import { apiLogResource } from '@yuan/contract/log/logs';
import { CrudPage } from '../../../../shared/crud/CrudPage/index.tsx';
import { logConfig } from '../shared/logConfig.tsx';

const config = logConfig(apiLogResource, {
  method: { width: 100 },
  requestUri: { width: 320 },
  status: { width: 90 },
  time: { width: 110 },
  remoteIp: { width: 140 },
});

/** /monitor/log/api/index: one entry per API call (parameters redacted by the server), read-only. */
export function ApiLogPage() {
  return <CrudPage config={config} />;
}
