import type { ChatConversation, ServerFrame } from '@yuan/contract/chat/webchat';
import { WEBCHAT_TYPING_MS } from '@yuan/contract/chat/webchat';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { getToken } from '../../shared/auth/token.ts';
import { getLanguage } from '../../shared/i18n/language.ts';
import { toastError } from '../../shared/ui/feedback.ts';
import { useSession } from '../../stores/session.ts';
import {
  announceUnread,
  createGroup,
  fetchConversations,
  fetchHistory,
  markRead,
  openDirect,
} from './api.ts';
import { ChatSocket } from './chatSocket.ts';
import { type ChatState, chatReducer, initialChat, type Pending, unreadTotal } from './chatState.ts';

const newClientId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export interface Chat {
  state: ChatState;
  select: (id: string) => void;
  loadEarlier: (id: string) => void;
  send: (text: string, attachment?: { attachId: string; name: string }) => void;
  retry: (pending: Pending) => void;
  discard: (clientId: string) => void;
  typing: () => void;
  startDirect: (userId: string) => Promise<void>;
  startGroup: (name: string, memberIds: string[]) => Promise<void>;
  reloadList: () => void;
  reloadThread: (id: string) => void;
}

/** The chat page's state: conversations by REST, everything live through one socket (see chatSocket.ts). */
export function useChat(offlineText: string): Chat {
  const me = useSession((s) => s.userInfo?.user_id ?? '');
  const [state, dispatch] = useReducer(chatReducer, me, initialChat);
  const current = useRef(state);
  current.current = state;
  const socket = useRef<ChatSocket | null>(null);
  const typedAt = useRef(0);

  const reloadList = useCallback(() => {
    fetchConversations().then(
      (list) => dispatch({ type: 'conversations', list }),
      () => dispatch({ type: 'listFailed' }),
    );
  }, []);

  const loadNewest = useCallback((id: string) => {
    dispatch({ type: 'historyLoading', id });
    fetchHistory(id).then(
      (page) => dispatch({ type: 'history', id, page, older: false }),
      () => dispatch({ type: 'historyFailed', id }),
    );
  }, []);

  const onFrame = useCallback(
    (frame: ServerFrame) => {
      const known = (id: string) => current.current.conversations?.some((c) => c.id === id) ?? true;
      switch (frame.type) {
        case 'message':
          dispatch({ type: 'messages', messages: [frame.message], clientId: frame.clientId });
          if (!known(frame.message.conversationId)) {
            reloadList();
          }
          return;
        case 'history':
          dispatch({ type: 'messages', messages: frame.messages });
          if (frame.more || frame.messages.some((m) => !known(m.conversationId))) {
            // Too much was missed for one catch-up: the lists are read again.
            reloadList();
            const active = current.current.activeId;
            if (active) {
              loadNewest(active);
            }
          }
          return;
        case 'typing':
          dispatch({ ...frame, until: Date.now() + WEBCHAT_TYPING_MS });
          return;
        case 'conversation':
          reloadList();
          return;
        case 'read':
          dispatch({ type: 'read', id: frame.conversationId, lastReadId: frame.lastReadId });
          return;
        case 'error':
          if (frame.clientId) {
            dispatch({ type: 'failed', clientId: frame.clientId, msg: frame.msg });
          }
          toastError(frame.msg);
          return;
        default:
          return;
      }
    },
    [reloadList, loadNewest],
  );

  useEffect(() => {
    const chat = new ChatSocket({
      token: getToken,
      lastId: () => current.current.lastId,
      lang: getLanguage,
      onFrame,
      onStatus: (status) => dispatch({ type: 'status', status }),
    });
    socket.current = chat;
    // The socket starts once the list is read, asking for what came after its newest message: nothing falls
    // between the two.
    let stopped = false;
    fetchConversations()
      .then(
        (list) => dispatch({ type: 'conversations', list }),
        () => dispatch({ type: 'listFailed' }),
      )
      .finally(() => {
        if (!stopped) {
          chat.start();
        }
      });
    const wake = () => chat.wake();
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      stopped = true;
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      chat.stop();
      socket.current = null;
    };
  }, [onFrame]);

  // The open conversation is read while the page is shown: on opening it and as messages arrive.
  const active = state.conversations?.find((c) => c.id === state.activeId);
  const activeUnread = active?.unread ?? 0;
  useEffect(() => {
    if (!active || activeUnread === 0 || document.visibilityState === 'hidden') {
      return undefined;
    }
    const id = active.id;
    const timer = setTimeout(() => {
      markRead(id).then(
        (r) => {
          dispatch({ type: 'read', id, lastReadId: r.lastReadId });
          announceUnread(r.total);
        },
        () => undefined,
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [active, activeUnread]);

  const total = unreadTotal(state);
  useEffect(() => {
    announceUnread(total);
  }, [total]);

  const select = useCallback(
    (id: string) => {
      dispatch({ type: 'activate', id });
      if (!current.current.threads[id]) {
        loadNewest(id);
      }
    },
    [loadNewest],
  );

  const loadEarlier = useCallback((id: string) => {
    const thread = current.current.threads[id];
    if (!thread || thread.loading || !thread.hasMore) {
      return;
    }
    dispatch({ type: 'historyLoading', id });
    fetchHistory(id, thread.items[0]?.id).then(
      (page) => dispatch({ type: 'history', id, page, older: true }),
      () => dispatch({ type: 'historyFailed', id }),
    );
  }, []);

  const transmit = useCallback(
    (pending: Pending) => {
      const sent = socket.current?.send({
        type: 'send',
        conversationId: pending.conversationId,
        text: pending.text,
        clientId: pending.clientId,
        ...(pending.attachId ? { attachId: pending.attachId } : {}),
      });
      if (!sent) {
        dispatch({ type: 'failed', clientId: pending.clientId, msg: offlineText });
      }
    },
    [offlineText],
  );

  const send = useCallback(
    (text: string, attachment?: { attachId: string; name: string }) => {
      const conversationId = current.current.activeId;
      if (!conversationId) {
        return;
      }
      const pending: Pending = {
        clientId: newClientId(),
        conversationId,
        text,
        ...(attachment ? { attachId: attachment.attachId, attachName: attachment.name } : {}),
      };
      dispatch({ type: 'pending', pending });
      transmit(pending);
    },
    [transmit],
  );

  const retry = useCallback(
    (pending: Pending) => {
      dispatch({ type: 'dropPending', clientId: pending.clientId });
      const again = { ...pending, clientId: newClientId(), failed: undefined };
      dispatch({ type: 'pending', pending: again });
      transmit(again);
    },
    [transmit],
  );

  const typing = useCallback(() => {
    const id = current.current.activeId;
    const now = Date.now();
    if (id && now - typedAt.current > WEBCHAT_TYPING_MS / 2) {
      typedAt.current = now;
      socket.current?.send({ type: 'typing', conversationId: id });
    }
  }, []);

  const opened = useCallback(
    async (made: Promise<ChatConversation>) => {
      const conversation = await made;
      dispatch({ type: 'conversation', conversation });
      select(conversation.id);
    },
    [select],
  );

  return useMemo(
    () => ({
      state,
      select,
      loadEarlier,
      send,
      retry,
      discard: (clientId: string) => dispatch({ type: 'dropPending', clientId }),
      typing,
      startDirect: (userId: string) => opened(openDirect(userId)),
      startGroup: (name: string, memberIds: string[]) => opened(createGroup(name, memberIds)),
      reloadList,
      reloadThread: loadNewest,
    }),
    [state, select, loadEarlier, send, retry, typing, opened, reloadList, loadNewest],
  );
}
