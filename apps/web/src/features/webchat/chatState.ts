import type { ChatConversation, ChatMessage, ChatHistory } from '@yuan/contract/chat/webchat';

export type SocketStatus = 'connecting' | 'online' | 'offline' | 'unauthorized' | 'forbidden';

/** The loaded part of one conversation's history, oldest first. */
export interface Thread {
  items: ChatMessage[];
  hasMore: boolean;
  loading: boolean;
  /** A page has been read (before that, `hasMore` means nothing yet). */
  loaded: boolean;
  /** The last load failed (the pane offers to try again). */
  failed?: boolean;
}

/** A message typed here and not yet confirmed by the server (or refused by it). */
export interface Pending {
  clientId: string;
  conversationId: string;
  text: string;
  attachId?: string;
  attachName?: string;
  failed?: string;
}

export interface ChatState {
  me: string;
  status: SocketStatus;
  /** null while the first load runs; `listFailed` when it failed. */
  conversations: ChatConversation[] | null;
  listFailed: boolean;
  activeId: string | null;
  threads: Record<string, Thread>;
  pending: Pending[];
  /** Who is typing where, until when (ms). */
  typing: Record<string, { userId: string; name: string; until: number }[]>;
  /** The newest message id seen: a reconnecting socket asks for what came after it. */
  lastId: string;
}

export const initialChat = (me: string): ChatState => ({
  me,
  status: 'connecting',
  conversations: null,
  listFailed: false,
  activeId: null,
  threads: {},
  pending: [],
  typing: {},
  lastId: '0',
});

export type ChatAction =
  | { type: 'status'; status: SocketStatus }
  | { type: 'conversations'; list: ChatConversation[] }
  | { type: 'listFailed' }
  | { type: 'conversation'; conversation: ChatConversation }
  | { type: 'activate'; id: string | null }
  | { type: 'historyLoading'; id: string }
  | { type: 'history'; id: string; page: ChatHistory; older: boolean }
  | { type: 'historyFailed'; id: string }
  | { type: 'messages'; messages: ChatMessage[]; clientId?: string }
  | { type: 'read'; id: string; lastReadId: string }
  | { type: 'typing'; conversationId: string; userId: string; name: string; until: number }
  | { type: 'pending'; pending: Pending }
  | { type: 'failed'; clientId: string; msg: string }
  | { type: 'dropPending'; clientId: string };

const big = (id: string) => BigInt(id);
const newer = (a: string, b: string) => (big(a) > big(b) ? a : b);
const byId = (a: ChatMessage, b: ChatMessage) => (big(a.id) < big(b.id) ? -1 : big(a.id) > big(b.id) ? 1 : 0);

/** Messages of both lists once each, in id order. */
export function mergeMessages(known: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const ids = new Set(known.map((m) => m.id));
  const added = more.filter((m) => !ids.has(m.id));
  return added.length === 0 ? known : [...known, ...added].sort(byId);
}

/** Conversations with the most recent activity first. */
function ordered(list: ChatConversation[]): ChatConversation[] {
  const key = (c: ChatConversation) => c.lastMessage?.id ?? '0';
  return [...list].sort((a, b) => {
    const d = big(key(b)) - big(key(a));
    return d === 0n ? b.updateTime.localeCompare(a.updateTime) : d > 0n ? 1 : -1;
  });
}

/** One message arriving (live or caught up): its thread, its conversation's last message and unread count. */
function receive(state: ChatState, message: ChatMessage, clientId?: string): ChatState {
  const thread = state.threads[message.conversationId];
  const threads = thread
    ? {
        ...state.threads,
        [message.conversationId]: { ...thread, items: mergeMessages(thread.items, [message]) },
      }
    : state.threads;
  const seenBefore = thread?.items.some((m) => m.id === message.id) ?? false;
  const conversations = state.conversations
    ? ordered(
        state.conversations.map((c) => {
          if (c.id !== message.conversationId) {
            return c;
          }
          const latest = !c.lastMessage || big(message.id) > big(c.lastMessage.id);
          const mine = message.senderId === state.me;
          const unseen = !seenBefore && !mine && big(message.id) > big(c.lastReadId);
          return {
            ...c,
            lastMessage: latest ? message : c.lastMessage,
            updateTime: latest ? message.createTime : c.updateTime,
            // Sending reads the conversation (the server moves the sender's mark too).
            unread: mine ? 0 : c.unread + (unseen ? 1 : 0),
            lastReadId: mine ? newer(c.lastReadId, message.id) : c.lastReadId,
          };
        }),
      )
    : null;
  return {
    ...state,
    threads,
    conversations,
    pending: clientId ? state.pending.filter((p) => p.clientId !== clientId) : state.pending,
    lastId: newer(state.lastId, message.id),
  };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'status':
      return { ...state, status: action.status };
    case 'conversations': {
      const lastId = action.list.reduce(
        (id, c) => (c.lastMessage ? newer(id, c.lastMessage.id) : id),
        state.lastId,
      );
      return { ...state, conversations: ordered(action.list), listFailed: false, lastId };
    }
    case 'listFailed':
      return { ...state, listFailed: true };
    case 'conversation': {
      const list = state.conversations ?? [];
      const others = list.filter((c) => c.id !== action.conversation.id);
      return { ...state, conversations: ordered([action.conversation, ...others]) };
    }
    case 'activate':
      return { ...state, activeId: action.id };
    case 'historyLoading': {
      const thread = state.threads[action.id] ?? { items: [], hasMore: false, loading: false, loaded: false };
      return {
        ...state,
        threads: { ...state.threads, [action.id]: { ...thread, loading: true, failed: false } },
      };
    }
    case 'history': {
      const thread = state.threads[action.id];
      const items = mergeMessages(thread?.items ?? [], action.page.records);
      // A page says whether messages older than its own exist: that answers for the thread when the page reaches
      // back to the oldest message loaded (a first page, an older page); a newer page leaves the answer as it was.
      const oldest = thread?.items[0]?.id;
      const first = action.page.records[0]?.id;
      const reaches =
        action.older || !thread?.loaded || !oldest || (first !== undefined && big(first) <= big(oldest));
      const hasMore = reaches || !thread ? action.page.hasMore : thread.hasMore;
      const lastId = action.page.records.reduce((id, m) => newer(id, m.id), state.lastId);
      return {
        ...state,
        lastId,
        threads: { ...state.threads, [action.id]: { items, hasMore, loading: false, loaded: true } },
      };
    }
    case 'historyFailed': {
      const thread = state.threads[action.id] ?? { items: [], hasMore: false, loading: false, loaded: false };
      return {
        ...state,
        threads: { ...state.threads, [action.id]: { ...thread, loading: false, failed: true } },
      };
    }
    case 'messages':
      return action.messages.reduce((s, m) => receive(s, m, action.clientId), state);
    case 'read': {
      const conversations =
        state.conversations?.map((c) => {
          if (c.id !== action.id) {
            return c;
          }
          const lastReadId = newer(c.lastReadId, action.lastReadId);
          const items = state.threads[c.id]?.items;
          // Counted again from the loaded messages when they reach past the mark; otherwise all read or unchanged.
          const unread = items?.length
            ? items.filter((m) => m.senderId !== state.me && big(m.id) > big(lastReadId)).length
            : !c.lastMessage || big(c.lastMessage.id) <= big(lastReadId)
              ? 0
              : c.unread;
          return { ...c, lastReadId, unread };
        }) ?? null;
      return { ...state, conversations };
    }
    case 'typing': {
      const others = (state.typing[action.conversationId] ?? []).filter((t) => t.userId !== action.userId);
      const entry = { userId: action.userId, name: action.name, until: action.until };
      return { ...state, typing: { ...state.typing, [action.conversationId]: [...others, entry] } };
    }
    case 'pending':
      return { ...state, pending: [...state.pending, action.pending] };
    case 'failed':
      return {
        ...state,
        pending: state.pending.map((p) =>
          p.clientId === action.clientId ? { ...p, failed: action.msg } : p,
        ),
      };
    case 'dropPending':
      return { ...state, pending: state.pending.filter((p) => p.clientId !== action.clientId) };
  }
}

/** The unread total over the loaded conversations. */
export function unreadTotal(state: ChatState): number {
  return (state.conversations ?? []).reduce((n, c) => n + c.unread, 0);
}

/** Who is typing in a conversation now. */
export function typingNow(state: ChatState, conversationId: string, now: number): string[] {
  return (state.typing[conversationId] ?? []).filter((t) => t.until > now).map((t) => t.name);
}
