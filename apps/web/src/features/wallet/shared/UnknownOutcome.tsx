import { Alert } from 'antd';

interface UnknownOutcomeProps {
  title: string;
  hint: string;
  testId: string;
}

/**
 * A sent transaction whose outcome did not come back (time-out, lost connection): the payment and the exchange say
 * so the same way, so the user checks the records before sending again.
 */
export function UnknownOutcome({ title, hint, testId }: UnknownOutcomeProps) {
  return (
    <Alert
      type="warning"
      showIcon
      title={title}
      description={hint}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
