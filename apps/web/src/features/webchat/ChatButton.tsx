import { MessageOutlined } from '@ant-design/icons';
import { WEBCHAT_PATH, WEBCHAT_UNREAD_POLL_MS, WEBCHAT_WINDOW_NAME } from '@yuan/contract/chat/webchat';
import { WEBCHAT_POPUP } from '@yuan/contract/constants';
import { Badge, Button, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n/index.ts';
import { fetchUnread, UNREAD_CHANNEL } from './api.ts';

/** Opens (or brings forward) the chat popup of SPEC §2: 900×720 at /api/webchat/. */
export function openChatWindow(): void {
  const popup = window.open(
    `${WEBCHAT_PATH}/`,
    WEBCHAT_WINDOW_NAME,
    `width=${WEBCHAT_POPUP.width},height=${WEBCHAT_POPUP.height}`,
  );
  popup?.focus();
}

/**
 * The top bar's chat button with the unread count: read every 60 s, when the window gets focus, and whenever the
 * chat page says it changed.
 */
export function ChatButton() {
  const { t } = useTranslation();
  const [total, setTotal] = useState(0);
  const refresh = useCallback(() => {
    fetchUnread().then(
      (answer) => setTotal(answer.total),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    refresh();
    const timer = window.setInterval(refresh, WEBCHAT_UNREAD_POLL_MS);
    window.addEventListener('focus', refresh);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(UNREAD_CHANNEL);
    channel?.addEventListener('message', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      channel?.close();
    };
  }, [refresh]);

  const label =
    total > 0 ? `${t('webchat.open')} (${t('webchat.unreadCount', { count: total })})` : t('webchat.open');
  return (
    <Badge count={total} overflowCount={99} size="small" offset={[-6, 6]} data-testid="webchat-unread">
      <Tooltip title={t('webchat.open')}>
        <Button
          type="text"
          aria-label={label}
          icon={<MessageOutlined />}
          onClick={openChatWindow}
          data-testid="open-webchat"
        />
      </Tooltip>
    </Badge>
  );
}
