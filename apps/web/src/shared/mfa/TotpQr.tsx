import { Flex, QRCode, Spin, Typography } from 'antd';

interface Props {
  /** The authenticator's new secret and its `otpauth://` address; null while it is fetched. */
  setup: { secret: string; otpauthUrl: string } | null;
  testId: string;
}

/** The QR code an authenticator app scans, and the secret to type by hand. */
export function TotpQr({ setup, testId }: Props) {
  if (!setup) {
    return <Spin />;
  }
  return (
    <Flex vertical align="center" gap={8}>
      <QRCode value={setup.otpauthUrl} size={180} />
      <Typography.Text copyable code data-testid={testId}>
        {setup.secret}
      </Typography.Text>
    </Flex>
  );
}
