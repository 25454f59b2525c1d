import { ApiOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shared/api/http.ts';
import type { Row } from '../../../shared/crud/types.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { useSession } from '../../../stores/session.ts';

/** The server waits up to 5 s for a datasource; the app's usual limit of 20 s covers it. */
const TEST_TIMEOUT_MS = 20_000;

/**
 * Row button "test connection" (button datasource_test): connects with the stored settings and says the server's
 * version and the time taken; a failure shows the server's reason (the request client's toast).
 */
export function DatasourceTestAction({ row }: { row: Row }) {
  const { t } = useTranslation();
  const allowed = useSession((state) => state.permission.datasource_test === true);
  const [testing, setTesting] = useState(false);
  if (!allowed) {
    return null;
  }
  const test = () => {
    setTesting(true);
    // Unguarded: testing again right after changing the settings is a new question, not a double click.
    call<{ version: string; elapsedMs: number }>('/api/yuan-develop/datasource/test', {
      method: 'POST',
      body: { id: row.id },
      guard: false,
      timeoutMs: TEST_TIMEOUT_MS,
    })
      .then((answer) =>
        toastSuccess(
          t('builder.datasource.testOk', { version: answer.version, ms: String(answer.elapsedMs) }),
        ),
      )
      .catch(() => undefined)
      .finally(() => setTesting(false));
  };
  return (
    <Button
      type="link"
      size="small"
      icon={<ApiOutlined />}
      loading={testing}
      onClick={test}
      data-testid="datasource-test"
    >
      {t('builder.datasource.test')}
    </Button>
  );
}
