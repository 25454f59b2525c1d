import { TeamOutlined } from '@ant-design/icons';
import type { ChatConversation, ChatMessage } from '@yuan/contract/chat/webchat';
import { Avatar, Badge, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import type { Chat } from './useChat.ts';
import { shortTime } from './time.ts';

/** What a conversation's row says of its last message. */
export function usePreview(): (message: ChatMessage | null) => string {
  const { t } = useTranslation();
  return (message) => {
    if (!message) {
      return '';
    }
    return (
      message.text || (message.attachment ? t('webchat.attachment', { name: message.attachment.name }) : '')
    );
  };
}

export function ConversationAvatar({ conversation, me }: { conversation: ChatConversation; me: string }) {
  if (conversation.kind === 'group') {
    return <Avatar icon={<TeamOutlined />} />;
  }
  const peer = conversation.members.find((m) => m.id !== me);
  const safe = peer?.avatar && /^(https?:\/\/|\/(?!\/))/i.test(peer.avatar) ? peer.avatar : undefined;
  return <Avatar src={safe}>{safe ? null : (conversation.name || '?').slice(0, 1).toUpperCase()}</Avatar>;
}

/** The left column: conversations, most recent first, each with its unread count. */
export function ConversationList({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const preview = usePreview();
  const { conversations, listFailed, activeId, me } = chat.state;
  if (conversations === null) {
    return listFailed ? (
      <LoadFailed onRetry={chat.reloadList} testId="webchat-list-failed" />
    ) : (
      <div className="webchat__center">
        <Spin />
      </div>
    );
  }
  if (conversations.length === 0) {
    return (
      <div className="webchat__center">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webchat.noConversations')} />
      </div>
    );
  }
  return (
    <ul className="webchat__list" aria-label={t('webchat.conversations')}>
      {conversations.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className={`webchat__item${c.id === activeId ? ' is-active' : ''}`}
            aria-current={c.id === activeId ? 'true' : undefined}
            onClick={() => chat.select(c.id)}
            data-testid="webchat-conversation"
            data-id={c.id}
          >
            <Badge count={c.unread} size="small" overflowCount={99} data-testid="webchat-conversation-unread">
              <ConversationAvatar conversation={c} me={me} />
            </Badge>
            <span className="webchat__item-body">
              <span className="webchat__item-top">
                <span className="webchat__item-name">{c.name}</span>
                <span className="webchat__item-time">
                  {c.lastMessage ? shortTime(c.lastMessage.createTime) : ''}
                </span>
              </span>
              <span className="webchat__item-preview" style={{ display: 'block' }}>
                {preview(c.lastMessage)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
