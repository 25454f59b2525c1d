import { errorLogResource } from '@yuan/contract/log/logs';
import { CrudPage } from '../../../../shared/crud/CrudPage/index.tsx';
import { logConfig } from '../shared/logConfig.tsx';

const config = logConfig(errorLogResource, {
  source: { width: 100 },
  type: { width: 180 },
  method: { width: 100 },
  requestUri: { width: 280 },
  message: { width: 320 },
});

/** /monitor/log/error/index: server exceptions and uploaded browser errors; the view shows the stack, read-only. */
export function ErrorLogPage() {
  return <CrudPage config={config} />;
}
