import type { ChatConversation, ChatMessage } from '@yuan/contract/chat/webchat';
import { describe, expect, it } from 'vitest';
import {
  type ChatState,
  chatReducer,
  initialChat,
  mergeMessages,
  typingNow,
  unreadTotal,
} from './chatState.ts';

const ME = '1';
const msg = (id: string, conversationId = '10', senderId = '2', text = `m${id}`): ChatMessage => ({
  id,
  conversationId,
  senderId,
  senderName: senderId === ME ? 'me' : 'peer',
  text,
  attachment: null,
  createTime: `2026-01-01T00:00:${id.padStart(2, '0')}.000Z`,
});
const conv = (id: string, last: ChatMessage | null, unread = 0, lastReadId = '0'): ChatConversation => ({
  id,
  kind: 'direct',
  name: `c${id}`,
  members: [],
  lastMessage: last,
  unread,
  lastReadId,
  updateTime: last?.createTime ?? '2026-01-01T00:00:00.000Z',
});

function loaded(): ChatState {
  let s = chatReducer(initialChat(ME), {
    type: 'conversations',
    list: [conv('10', msg('5'), 1), conv('20', msg('7', '20'), 0, '7')],
  });
  s = chatReducer(s, {
    type: 'history',
    id: '10',
    page: { records: [msg('3'), msg('5')], hasMore: true },
    older: false,
  });
  return s;
}

describe('chat state', () => {
  it('merges messages once each, in id order', () => {
    expect(mergeMessages([msg('2'), msg('9')], [msg('9'), msg('10'), msg('1')]).map((m) => m.id)).toEqual([
      '1',
      '2',
      '9',
      '10',
    ]);
  });

  it('orders conversations by their newest message and remembers the newest id seen', () => {
    const s = loaded();
    expect(s.conversations?.map((c) => c.id)).toEqual(['20', '10']);
    expect(s.lastId).toBe('7');
    expect(unreadTotal(s)).toBe(1);
  });

  it('counts a live message once, moves its conversation up and clears the pending copy of my own', () => {
    let s = loaded();
    s = chatReducer(s, { type: 'messages', messages: [msg('8')] });
    s = chatReducer(s, { type: 'messages', messages: [msg('8')] });
    expect(s.conversations?.[0]).toMatchObject({ id: '10', unread: 2, lastMessage: { id: '8' } });
    expect(s.threads['10']?.items.map((m) => m.id)).toEqual(['3', '5', '8']);
    expect(s.lastId).toBe('8');

    s = chatReducer(s, { type: 'pending', pending: { clientId: 'c1', conversationId: '20', text: 'hi' } });
    s = chatReducer(s, { type: 'messages', messages: [msg('9', '20', ME, 'hi')], clientId: 'c1' });
    expect(s.pending).toEqual([]);
    // Sending reads the conversation.
    expect(s.conversations?.[0]).toMatchObject({ id: '20', unread: 0, lastReadId: '9' });
  });

  it('keeps older pages and their "more" flag, and recounts unread after a read mark', () => {
    let s = loaded();
    s = chatReducer(s, {
      type: 'history',
      id: '10',
      page: { records: [msg('1'), msg('2')], hasMore: false },
      older: true,
    });
    expect(s.threads['10']).toMatchObject({ hasMore: false, loading: false });
    expect(s.threads['10']?.items.map((m) => m.id)).toEqual(['1', '2', '3', '5']);
    s = chatReducer(s, { type: 'messages', messages: [msg('11'), msg('12')] });
    s = chatReducer(s, { type: 'read', id: '10', lastReadId: '11' });
    expect(s.conversations?.find((c) => c.id === '10')).toMatchObject({ unread: 1, lastReadId: '11' });
    s = chatReducer(s, { type: 'read', id: '10', lastReadId: '12' });
    expect(unreadTotal(s)).toBe(0);
  });

  it('knows whether older messages exist from the pages that reach back that far', () => {
    let s = chatReducer(initialChat(ME), { type: 'historyLoading', id: '30' });
    expect(s.threads['30']).toMatchObject({ loading: true, loaded: false });
    s = chatReducer(s, { type: 'history', id: '30', page: { records: [], hasMore: false }, older: false });
    expect(s.threads['30']).toMatchObject({ hasMore: false, loaded: true });
    const page = (ids: string[], hasMore: boolean) => ({
      type: 'history' as const,
      id: '10',
      page: { records: ids.map((id) => msg(id)), hasMore },
      older: false,
    });
    // Older ones before 3 exist; reading the newest page (from 5 on) again does not say otherwise.
    s = chatReducer(s, page(['3', '4'], true));
    s = chatReducer(s, page(['5', '6'], false));
    expect(s.threads['10']).toMatchObject({ hasMore: true });
    // A page reaching back to the oldest loaded answers for the thread.
    s = chatReducer(s, page(['3', '6'], false));
    expect(s.threads['10']).toMatchObject({ hasMore: false });
  });

  it('marks a refused message failed, and shows typing until it expires', () => {
    let s = loaded();
    s = chatReducer(s, { type: 'pending', pending: { clientId: 'c2', conversationId: '10', text: 'x' } });
    s = chatReducer(s, { type: 'failed', clientId: 'c2', msg: 'no' });
    expect(s.pending[0]?.failed).toBe('no');
    s = chatReducer(s, { type: 'typing', conversationId: '10', userId: '2', name: 'peer', until: 1_000 });
    s = chatReducer(s, { type: 'typing', conversationId: '10', userId: '2', name: 'peer', until: 2_000 });
    expect(typingNow(s, '10', 1_500)).toEqual(['peer']);
    expect(typingNow(s, '10', 2_500)).toEqual([]);
  });
});
