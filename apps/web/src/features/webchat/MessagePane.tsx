import { ExclamationCircleOutlined, LoadingOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { ChatAttachment, ChatConversation, ChatMessage } from '@yuan/contract/chat/webchat';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import type { Pending } from './chatState.ts';
import { shortTime } from './time.ts';
import type { Chat } from './useChat.ts';

const SAFE_LINK = /^(https?:\/\/|\/(?!\/))/i;
const IMAGE = /\.(png|jpe?g|gif|webp)$/i;
/** Closer to the top than this loads older messages; closer to the bottom keeps following new ones. */
const EDGE_PX = 40;
const FOLLOW_PX = 120;

function Attachment({ attachment }: { attachment: ChatAttachment }) {
  // Links come from put-file; anything else (a scheme like javascript:) is shown as its name only.
  if (!SAFE_LINK.test(attachment.link)) {
    return <span>{attachment.name}</span>;
  }
  return (
    <a
      className="webchat__attachment"
      href={attachment.link}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="webchat-attachment"
    >
      <PaperClipOutlined /> {attachment.name}
      {IMAGE.test(attachment.name) ? (
        <img src={attachment.link} alt={attachment.name} loading="lazy" />
      ) : null}
    </a>
  );
}

function Bubble({ message, mine, showName }: { message: ChatMessage; mine: boolean; showName: boolean }) {
  return (
    <div
      className={`webchat__msg${mine ? ' webchat__msg--mine' : ''}`}
      data-testid="webchat-message"
      data-id={message.id}
    >
      {showName && !mine ? <div className="webchat__msg-name">{message.senderName}</div> : null}
      <div className="webchat__bubble">
        {message.text}
        {message.attachment ? (
          <div>
            <Attachment attachment={message.attachment} />
          </div>
        ) : null}
      </div>
      <div className="webchat__msg-time">{shortTime(message.createTime)}</div>
    </div>
  );
}

function PendingBubble({ pending, chat }: { pending: Pending; chat: Chat }) {
  const { t } = useTranslation();
  return (
    <div className="webchat__msg webchat__msg--mine is-pending" data-testid="webchat-pending">
      <div className="webchat__bubble">
        {pending.text}
        {pending.attachName ? (
          <div>
            <PaperClipOutlined /> {pending.attachName}
          </div>
        ) : null}
      </div>
      {pending.failed ? (
        <Space size={4} className="webchat__msg-time">
          <Typography.Text type="danger">
            <ExclamationCircleOutlined /> {t('webchat.failed')}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => chat.retry(pending)}>
            {t('webchat.retry')}
          </Button>
          <Button type="link" size="small" onClick={() => chat.discard(pending.clientId)}>
            {t('common.cancel')}
          </Button>
        </Space>
      ) : (
        <span className="webchat__msg-time">
          <LoadingOutlined /> {t('webchat.sending')}
        </span>
      )}
    </div>
  );
}

/**
 * The open conversation's messages, oldest first. Scrolling to the top (or the button there) loads the page before;
 * the view keeps its place when older ones come in and follows new ones while it is at the bottom.
 */
export function MessagePane({ chat, conversation }: { chat: Chat; conversation: ChatConversation }) {
  const { t } = useTranslation();
  const thread = chat.state.threads[conversation.id];
  const pending = chat.state.pending.filter((p) => p.conversationId === conversation.id);
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef({ conversation: '', first: '', last: '', height: 0, top: 0, pending: 0 });
  const items = thread?.items ?? [];
  const first = items[0]?.id ?? '';
  const last = items.at(-1)?.id ?? '';

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) {
      return;
    }
    const before = seen.current;
    const nearBottom = before.height - before.top - el.clientHeight < FOLLOW_PX;
    const mineAdded = pending.length > before.pending || items.at(-1)?.senderId === chat.state.me;
    if (before.conversation !== conversation.id) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      // Older messages above: stay on the message that was in view.
      el.scrollTop = el.scrollHeight - before.height + before.top;
    } else if (last !== before.last || pending.length !== before.pending) {
      if (nearBottom || mineAdded) {
        el.scrollTop = el.scrollHeight;
      }
    }
    seen.current = {
      conversation: conversation.id,
      first,
      last,
      height: el.scrollHeight,
      top: el.scrollTop,
      pending: pending.length,
    };
  });

  const onScroll = () => {
    const el = box.current;
    if (!el) {
      return;
    }
    seen.current = { ...seen.current, top: el.scrollTop, height: el.scrollHeight };
    if (el.scrollTop < EDGE_PX) {
      chat.loadEarlier(conversation.id);
    }
  };

  let top: ReactNode = null;
  if (thread?.hasMore && items.length > 0) {
    top = (
      <div className="webchat__hint">
        <Button
          type="link"
          size="small"
          loading={thread.loading}
          onClick={() => chat.loadEarlier(conversation.id)}
          data-testid="webchat-load-earlier"
        >
          {t('webchat.loadEarlier')}
        </Button>
      </div>
    );
  } else if (items.length > 0) {
    top = <div className="webchat__hint">{t('webchat.noEarlier')}</div>;
  }

  return (
    <div className="webchat__messages" ref={box} onScroll={onScroll} data-testid="webchat-messages">
      {top}
      {thread?.failed && items.length === 0 ? (
        <LoadFailed onRetry={() => chat.reloadThread(conversation.id)} testId="webchat-thread-failed" />
      ) : !thread || (thread.loading && items.length === 0) ? (
        <div className="webchat__center">
          <Spin />
        </div>
      ) : items.length === 0 && pending.length === 0 ? (
        <div className="webchat__center">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webchat.noMessages')} />
        </div>
      ) : null}
      {items.map((m) => (
        <Bubble
          key={m.id}
          message={m}
          mine={m.senderId === chat.state.me}
          showName={conversation.kind === 'group'}
        />
      ))}
      {pending.map((p) => (
        <PendingBubble key={p.clientId} pending={p} chat={chat} />
      ))}
    </div>
  );
}
