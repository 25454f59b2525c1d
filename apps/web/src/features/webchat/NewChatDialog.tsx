import type { ChatUser } from '@yuan/contract/chat/webchat';
import { WEBCHAT_GROUP_NAME_MAX } from '@yuan/contract/chat/webchat';
import { Form, Input, Select, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../shared/components/ActionDialog.tsx';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { fetchUsers } from './api.ts';
import type { Chat } from './useChat.ts';

interface Values {
  userId?: string;
  name?: string;
  memberIds?: string[];
}

/** A new one-to-one chat (pick a user of the tenant) or a new group (name and members). */
export function NewChatDialog({
  mode,
  chat,
  onClose,
}: {
  mode: 'direct' | 'group';
  chat: Chat;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const search = useDebouncedValue(keyword, 300);
  const [found, setFound] = useState<ChatUser[] | null>(null);
  const [busy, setBusy] = useState(false);
  // Users seen in any search, so chosen members keep their names when a later search no longer lists them.
  const known = useRef(new Map<string, ChatUser>());

  useEffect(() => {
    let live = true;
    setFound(null);
    fetchUsers(search).then(
      (users) => {
        for (const user of users) {
          known.current.set(user.id, user);
        }
        if (live) {
          setFound(users);
        }
      },
      () => live && setFound([]),
    );
    return () => {
      live = false;
    };
  }, [search]);

  const chosen = Form.useWatch('memberIds', form);
  const options = useMemo(() => {
    const shown = new Map((found ?? []).map((u) => [u.id, u]));
    for (const id of chosen ?? []) {
      const user = known.current.get(id);
      if (user) {
        shown.set(id, user);
      }
    }
    return [...shown.values()].map((u) => ({
      value: u.id,
      label: u.name === u.account ? u.name : `${u.name} (${u.account})`,
    }));
  }, [found, chosen]);

  const onOk = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      if (mode === 'direct') {
        await chat.startDirect(values.userId as string);
      } else {
        await chat.startGroup((values.name ?? '').trim(), values.memberIds ?? []);
      }
      onClose();
    } catch {
      // The request client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const select = (
    <Select
      showSearch
      mode={mode === 'group' ? 'multiple' : undefined}
      filterOption={false}
      onSearch={setKeyword}
      options={options}
      placeholder={t('webchat.userPlaceholder')}
      notFoundContent={found === null ? <Spin size="small" /> : t('webchat.noUsers')}
      data-testid="webchat-user-select"
    />
  );

  return (
    <ActionDialog
      title={t(mode === 'direct' ? 'webchat.newDirect' : 'webchat.newGroup')}
      okText={t('common.ok')}
      busy={busy}
      onOk={onOk}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {mode === 'direct' ? (
          <Form.Item
            name="userId"
            label={t('webchat.user')}
            rules={[{ required: true, message: t('webchat.userRequired') }]}
          >
            {select}
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="name"
              label={t('webchat.groupName')}
              rules={[{ required: true, whitespace: true, message: t('webchat.groupNameRequired') }]}
            >
              <Input maxLength={WEBCHAT_GROUP_NAME_MAX} />
            </Form.Item>
            <Form.Item
              name="memberIds"
              label={t('webchat.groupMembers')}
              rules={[{ required: true, type: 'array', min: 1, message: t('webchat.groupMembersRequired') }]}
            >
              {select}
            </Form.Item>
          </>
        )}
      </Form>
    </ActionDialog>
  );
}
