import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  codes: string[];
}

/** Recovery codes, shown once: each signs in once when the authenticator is lost. */
export function RecoveryCodes({ codes }: Props) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} data-testid="mfa-recovery-codes">
      <Alert type="warning" showIcon message={t('mfa.recoveryHint')} />
      <ol className="mfa-recovery-list">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ol>
      <Typography.Paragraph copyable={{ text: codes.join('\n') }} style={{ margin: 0 }}>
        {t('mfa.recoveryCopy')}
      </Typography.Paragraph>
      <Button
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(codes.join('\n'))}`}
        download="yuan-recovery-codes.txt"
      >
        {t('mfa.recoveryDownload')}
      </Button>
    </Flex>
  );
}
