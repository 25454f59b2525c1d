import { z } from 'zod';
import { idList, idString } from '../envelope.ts';
import { registerMessage } from '../form-messages.ts';

/** Web chat (SPEC §2, §9): the REST calls under WEBCHAT_PATH, the socket's frames and the limits both sides use. */
export const WEBCHAT_PATH = '/api/webchat';
export const WEBCHAT_SOCKET_PATH = `${WEBCHAT_PATH}/ws`;
/** The web app's standalone chat page; GET /api/webchat/ (the popup's address) redirects there. */
export const WEBCHAT_ROUTE = '/webchat';
/** window.open's target name: a second click focuses the open popup instead of opening another. */
export const WEBCHAT_WINDOW_NAME = 'yuan-webchat';
export const WEBCHAT_TEXT_MAX = 2000;
export const WEBCHAT_GROUP_NAME_MAX = 64;
/** Members of a group besides its creator. */
export const WEBCHAT_GROUP_MEMBERS_MAX = 100;
export const WEBCHAT_HISTORY_SIZE = 30;
export const WEBCHAT_HISTORY_SIZE_MAX = 100;
/** Messages one catch-up answers at most; more missed means the client reloads its lists (frame `stale`). */
export const WEBCHAT_CATCH_UP_MAX = 500;
/** The top bar's unread count is polled this often (and on window focus). */
export const WEBCHAT_UNREAD_POLL_MS = 60_000;
/** A typing indicator lasts this long after the last `typing` frame; clients send one at most every half of it. */
export const WEBCHAT_TYPING_MS = 4_000;
/** The socket must authenticate within this time after opening. */
export const WEBCHAT_AUTH_TIMEOUT_MS = 10_000;
/** Close codes: the session is not (or no longer) live; an API scope of the caller's roles excludes the chat. */
export const WEBCHAT_CLOSE_UNAUTHORIZED = 4401;
export const WEBCHAT_CLOSE_FORBIDDEN = 4403;

export const WEBCHAT_MESSAGES = {
  empty: registerMessage('webchat.empty', ['消息不能为空', 'The message is empty']),
  tooLong: registerMessage('webchat.tooLong', [
    `消息不能超过${WEBCHAT_TEXT_MAX}个字符`,
    `A message has at most ${WEBCHAT_TEXT_MAX} characters`,
  ]),
  groupName: registerMessage('webchat.groupName', ['请输入群聊名称', 'Enter the group name']),
  members: registerMessage('webchat.members', ['请选择成员', 'Choose the members']),
};

const at = (key: string) => `@${key}`;

export const webchatSchemas = {
  /** Opens (or finds) the one-to-one conversation with a user of the caller's tenant. */
  direct: z.strictObject({ userId: idString }),
  group: z.strictObject({
    name: z.string().trim().min(1, at(WEBCHAT_MESSAGES.groupName)).max(WEBCHAT_GROUP_NAME_MAX),
    memberIds: idList,
  }),
  /** A page of a conversation's history, newest first, before `beforeId` when given. */
  history: z.strictObject({
    id: idString,
    beforeId: idString.optional(),
    size: z.coerce.number().int().min(1).max(WEBCHAT_HISTORY_SIZE_MAX).default(WEBCHAT_HISTORY_SIZE),
  }),
  /** Marks a conversation read up to `lastId` (default: its newest message). */
  read: z.strictObject({ id: idString, lastId: idString.optional() }),
  users: z.strictObject({ keyword: z.string().trim().max(64).optional() }),
};

export interface ChatUser {
  id: string;
  account: string;
  /** Real name, else name, else account. */
  name: string;
  avatar: string;
}

export interface ChatAttachment {
  name: string;
  link: string;
  size: number;
}

export interface ChatMessage {
  /** Increasing per tenant in commit order: a client catches up with "everything after the last id I saw". */
  id: string;
  conversationId: string;
  senderId: string;
  senderName: string;
  /** Plain text: markup is removed when the message is stored. */
  text: string;
  attachment: ChatAttachment | null;
  /** ISO 8601 (UTC). */
  createTime: string;
}

export interface ChatConversation {
  id: string;
  kind: 'direct' | 'group';
  /** The group's name; for a one-to-one conversation the other user's name. */
  name: string;
  members: ChatUser[];
  lastMessage: ChatMessage | null;
  unread: number;
  lastReadId: string;
  updateTime: string;
}

export interface ChatHistory {
  records: ChatMessage[];
  /** Older messages exist before the oldest of `records`. */
  hasMore: boolean;
}

/** Frames a client sends. The first must be `auth`; `lastId` asks for what was missed since that id. */
export const clientFrame = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
    lastId: idString.optional(),
    lang: z.enum(['zh', 'en']).optional(),
  }),
  z.strictObject({
    type: z.literal('send'),
    conversationId: idString,
    text: z.string().max(WEBCHAT_TEXT_MAX, at(WEBCHAT_MESSAGES.tooLong)).default(''),
    /** An attachment the caller stored with put-file (its attachId). */
    attachId: idString.optional(),
    /** The client's own id of the message, echoed in the answer so it can replace its pending copy. */
    clientId: z.string().min(1).max(64),
  }),
  z.strictObject({ type: z.literal('typing'), conversationId: idString }),
  z.strictObject({ type: z.literal('sync'), lastId: idString }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/** Frames the server sends. */
export type ServerFrame =
  | { type: 'ready'; userId: string }
  | { type: 'message'; message: ChatMessage; clientId?: string }
  /** Caught-up messages (oldest first) after `auth` or `sync` with a last id; `more`: not all fitted. */
  | { type: 'history'; messages: ChatMessage[]; more: boolean }
  | { type: 'typing'; conversationId: string; userId: string; name: string }
  /** A conversation the user was added to, or whose members changed. */
  | { type: 'conversation'; conversationId: string }
  /** The user read a conversation (on any device): its unread count is now 0 up to lastReadId. */
  | { type: 'read'; conversationId: string; lastReadId: string }
  /** Events may have been lost (the server's fan-out reconnected): the client asks again with `sync`. */
  | { type: 'resync' }
  | { type: 'error'; code: number; msg: string; clientId?: string }
  | { type: 'pong' };
