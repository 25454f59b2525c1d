import type { ChatConversation, ChatHistory, ChatUser } from '@yuan/contract/chat/webchat';
import { WEBCHAT_HISTORY_SIZE, WEBCHAT_PATH } from '@yuan/contract/chat/webchat';
import { call } from '../../shared/api/http.ts';

/** The web chat's REST calls (the socket carries messages, typing and read marks). */
export function fetchConversations(): Promise<ChatConversation[]> {
  return call<ChatConversation[]>(`${WEBCHAT_PATH}/conversations`, { silent: true });
}

export function fetchUsers(keyword: string): Promise<ChatUser[]> {
  return call<ChatUser[]>(`${WEBCHAT_PATH}/users`, { params: { keyword: keyword || undefined } });
}

export function openDirect(userId: string): Promise<ChatConversation> {
  return call<ChatConversation>(`${WEBCHAT_PATH}/direct`, { method: 'POST', body: { userId }, guard: false });
}

export function createGroup(name: string, memberIds: string[]): Promise<ChatConversation> {
  return call<ChatConversation>(`${WEBCHAT_PATH}/group`, { method: 'POST', body: { name, memberIds } });
}

export function fetchHistory(id: string, beforeId?: string): Promise<ChatHistory> {
  return call<ChatHistory>(`${WEBCHAT_PATH}/messages`, {
    params: { id, beforeId, size: WEBCHAT_HISTORY_SIZE },
  });
}

/** Reads a conversation up to its newest message; answers the mark and the caller's unread total after it. */
export function markRead(id: string): Promise<{ id: string; lastReadId: string; total: number }> {
  return call(`${WEBCHAT_PATH}/read`, { method: 'POST', body: { id }, guard: false, silent: true });
}

/** Polled by the top bar; silent: a failed poll must not toast every minute. */
export function fetchUnread(): Promise<{ total: number }> {
  return call<{ total: number }>(`${WEBCHAT_PATH}/unread`, { silent: true });
}

/**
 * The chat page and the top bar share an origin but not a window: the page says "unread changed" here and every
 * top bar of the origin reads its count again.
 */
export const UNREAD_CHANNEL = 'yuan-webchat-unread';

export function announceUnread(total: number): void {
  if (typeof BroadcastChannel === 'undefined') {
    return;
  }
  const channel = new BroadcastChannel(UNREAD_CHANNEL);
  channel.postMessage({ total });
  channel.close();
}
