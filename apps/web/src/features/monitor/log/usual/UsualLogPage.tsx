import { usualLogResource } from '@yuan/contract/log/logs';
import { CrudPage } from '../../../../shared/crud/CrudPage/index.tsx';
import { logConfig } from '../shared/logConfig.tsx';

const config = logConfig(usualLogResource, {
  logLevel: { width: 100 },
  logId: { width: 140 },
  logData: { width: 360 },
  remoteIp: { width: 140 },
});

/** /monitor/log/usual/index: the usual log (sign-ins, token refreshes and other events), read-only. */
export function UsualLogPage() {
  return <CrudPage config={config} />;
}
