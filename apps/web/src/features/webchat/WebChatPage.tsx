import { UserAddOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import type { ChatConversation } from '@yuan/contract/chat/webchat';
import { App, Badge, Button, Empty, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatState, type SocketStatus, typingNow, unreadTotal } from './chatState.ts';
import { Composer } from './Composer.tsx';
import { ConversationAvatar, ConversationList } from './ConversationList.tsx';
import { MessagePane } from './MessagePane.tsx';
import { NewChatDialog } from './NewChatDialog.tsx';
import { type Chat, useChat } from './useChat.ts';
import './webchat.css';

const STATUS_BADGE: Record<SocketStatus, 'success' | 'processing' | 'error' | 'warning'> = {
  online: 'success',
  connecting: 'processing',
  offline: 'error',
  unauthorized: 'warning',
  forbidden: 'warning',
};

/** /webchat: the web chat, opened by the top bar in a 900×720 popup (SPEC §2, §9) through /api/webchat/. */
export function WebChatPage() {
  return (
    <App>
      <ChatScreen />
    </App>
  );
}

function TypingLine({ state, conversationId }: { state: ChatState; conversationId: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const names = typingNow(state, conversationId, now);
  // Re-rendered every second while someone types, so the line goes once their last frame is old.
  const anyone = (state.typing[conversationId] ?? []).length > 0;
  useEffect(() => {
    if (!anyone) {
      return undefined;
    }
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [anyone]);
  return (
    <div className="webchat__typing" aria-live="polite" data-testid="webchat-typing">
      {names.length > 0 ? t('webchat.typing', { name: names.join(', ') }) : ''}
    </div>
  );
}

function ThreadHeader({ conversation, me }: { conversation: ChatConversation; me: string }) {
  const { t } = useTranslation();
  return (
    <header className="webchat__thread-head">
      <ConversationAvatar conversation={conversation} me={me} />
      <span className="webchat__grow">
        <Typography.Text strong ellipsis data-testid="webchat-thread-title">
          {conversation.name}
        </Typography.Text>
        {conversation.kind === 'group' ? (
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            {t('webchat.members', { count: conversation.members.length })}
          </Typography.Text>
        ) : null}
      </span>
    </header>
  );
}

function ChatScreen() {
  const { t } = useTranslation();
  const chat: Chat = useChat(t('webchat.status.offline'));
  const [dialog, setDialog] = useState<'direct' | 'group' | null>(null);
  const { state } = chat;
  const total = unreadTotal(state);
  const active = state.conversations?.find((c) => c.id === state.activeId) ?? null;

  useEffect(() => {
    document.title = total > 0 ? `(${total}) ${t('webchat.title')}` : t('webchat.title');
  }, [total, t]);

  return (
    <div className="webchat" data-testid="webchat">
      <aside className="webchat__side">
        <header className="webchat__side-head">
          <span className="webchat__grow">
            <Typography.Text strong>{t('webchat.title')}</Typography.Text>
            <Badge
              status={STATUS_BADGE[state.status]}
              text={t(`webchat.status.${state.status}`)}
              style={{ marginLeft: 8, fontSize: 12 }}
              data-testid="webchat-status"
              data-status={state.status}
            />
          </span>
          <Tooltip title={t('webchat.newDirect')}>
            <Button
              type="text"
              icon={<UserAddOutlined />}
              aria-label={t('webchat.newDirect')}
              onClick={() => setDialog('direct')}
              data-testid="webchat-new-direct"
            />
          </Tooltip>
          <Tooltip title={t('webchat.newGroup')}>
            <Button
              type="text"
              icon={<UsergroupAddOutlined />}
              aria-label={t('webchat.newGroup')}
              onClick={() => setDialog('group')}
              data-testid="webchat-new-group"
            />
          </Tooltip>
        </header>
        <ConversationList chat={chat} />
      </aside>
      <main className="webchat__main">
        {active ? (
          <>
            <ThreadHeader conversation={active} me={state.me} />
            <MessagePane chat={chat} conversation={active} />
            <TypingLine state={state} conversationId={active.id} />
            <Composer key={active.id} chat={chat} />
          </>
        ) : (
          <div className="webchat__center">
            <Empty description={t('webchat.pickConversation')} />
          </div>
        )}
      </main>
      {dialog ? <NewChatDialog mode={dialog} chat={chat} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
