import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AvatarUpload } from './useAvatarUpload.ts';

interface Props {
  /** Set by Form.Item: the stored link of the avatar. */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  /** The avatar as last saved: a different value is only an upload, kept once the form is submitted. */
  saved: string;
  avatar: AvatarUpload;
  disabled?: boolean;
}

/** The avatar preview and its upload button; the uploaded link becomes the field's value (kept on submit). */
export function AvatarField({ value, onChange, id, saved, avatar, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" align="start" size="small">
      <Avatar
        size={96}
        src={value || undefined}
        icon={<UserOutlined />}
        alt={t('profile.avatar')}
        data-testid="profile-avatar"
      />
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        disabled={disabled || avatar.uploading}
        // The upload runs here rather than through antd's request, so the browser check and the form value stay
        // in one place; LIST_IGNORE keeps antd's own file list empty.
        beforeUpload={(file) => {
          void avatar.upload(file).then((link) => {
            if (link) {
              onChange?.(link);
            }
          });
          return Upload.LIST_IGNORE;
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={avatar.uploading} disabled={disabled}>
          {t('profile.avatarUpload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('profile.avatarTip')}</Typography.Text>
      {(value ?? '') !== saved && !avatar.problem ? (
        <Typography.Text type="warning" data-testid="profile-avatar-pending">
          {t('profile.avatarUploaded')}
        </Typography.Text>
      ) : null}
      {avatar.problem ? (
        <Typography.Text type="danger" role="alert" data-testid="profile-avatar-error">
          {avatar.problem}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
