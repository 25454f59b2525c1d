import { Alert, Button, Descriptions, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyAdd } from './PasskeyAdd.tsx';
import { RemoveFactorDialog } from './RemoveFactorDialog.tsx';
import { TotpEnrolDialog } from './TotpEnrolDialog.tsx';
import { useMfaStatus } from './useMfaStatus.ts';

type Removing = { kind: 'totp' | 'passkey'; id?: string; label: string };

const when = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '—');

/** The profile's 安全 tab: the authenticator app (with its recovery codes) and passkeys. */
export function SecurityPanel() {
  const { t } = useTranslation();
  const { status, reload } = useMfaStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const closeEnrol = useCallback(() => {
    setEnrolling(false);
    void reload();
  }, [reload]);

  if (status.isPending) {
    return <Skeleton active />;
  }
  if (status.isError || !status.data) {
    return <Alert type="error" showIcon message={t('profile.mfa.loadFailed')} />;
  }
  const data = status.data;
  const hasFactor = data.totp || data.passkeys.length > 0;

  return (
    <Flex vertical gap={24} data-testid="profile-security">
      {data.policy === 'off' && <Alert type="info" showIcon message={t('profile.mfa.policyOff')} />}
      {data.required && !hasFactor && <Alert type="warning" showIcon message={t('profile.mfa.required')} />}
      <section>
        <Typography.Title level={5}>{t('profile.mfa.totp')}</Typography.Title>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('profile.mfa.state')}>
            {data.totp ? <Tag color="green">{t('profile.mfa.on')}</Tag> : <Tag>{t('profile.mfa.off')}</Tag>}
          </Descriptions.Item>
          {data.totp && (
            <Descriptions.Item label={t('profile.mfa.recoveryLeft')}>
              {data.recoveryCodesLeft}
            </Descriptions.Item>
          )}
        </Descriptions>
        <Flex gap={8}>
          <Button type={data.totp ? 'default' : 'primary'} onClick={() => setEnrolling(true)}>
            {t(data.totp ? 'profile.mfa.totpReplace' : 'profile.mfa.totpAdd')}
          </Button>
          {data.totp && (
            <Button danger onClick={() => setRemoving({ kind: 'totp', label: t('profile.mfa.totp') })}>
              {t('profile.mfa.remove')}
            </Button>
          )}
        </Flex>
      </section>
      <section>
        <Flex justify="space-between" align="center">
          <Typography.Title level={5}>{t('profile.mfa.passkeys')}</Typography.Title>
          <PasskeyAdd onAdded={() => void reload()} />
        </Flex>
        <List
          data-testid="passkey-list"
          dataSource={data.passkeys}
          locale={{ emptyText: <Empty description={t('profile.mfa.noPasskeys')} /> }}
          renderItem={(key) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  type="link"
                  danger
                  onClick={() => setRemoving({ kind: 'passkey', id: key.id, label: key.name })}
                >
                  {t('profile.mfa.remove')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={key.name}
                description={t('profile.mfa.passkeyDates', {
                  created: when(key.createTime),
                  used: when(key.lastUsedAt),
                })}
              />
            </List.Item>
          )}
        />
      </section>
      {enrolling && <TotpEnrolDialog onClose={closeEnrol} />}
      {removing && (
        <RemoveFactorDialog
          {...removing}
          onClose={(removed) => {
            setRemoving(null);
            if (removed) {
              void reload();
            }
          }}
        />
      )}
    </Flex>
  );
}
