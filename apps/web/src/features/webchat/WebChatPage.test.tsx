import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatConversation, ChatMessage, ServerFrame } from '@yuan/contract/chat/webchat';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/renderScreen.tsx';
import { setUpRequests } from '../../test/requestHarness.ts';
import { stubLayout } from '../../test/schemaForm.tsx';
import { envelope, jsonResponse, tokenAnswer } from '../../test/responses.ts';
import { useSession } from '../../stores/session.ts';
import { WebChatPage } from './WebChatPage.tsx';

const { fetchMock } = setUpRequests();

class FakeSocket {
  static made: FakeSocket[] = [];
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.onclose?.({ code: 1000 });
  }
  frame(frame: ServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

const ME = '1';
const message = (id: string, text: string, senderId = '2'): ChatMessage => ({
  id,
  conversationId: '10',
  senderId,
  senderName: senderId === ME ? 'Me' : 'Bob',
  text,
  attachment: null,
  createTime: new Date().toISOString(),
});
const bob: ChatConversation = {
  id: '10',
  kind: 'direct',
  name: 'Bob',
  members: [
    { id: ME, account: 'admin', name: 'Me', avatar: '' },
    { id: '2', account: 'bob', name: 'Bob', avatar: '' },
  ],
  lastMessage: message('5', 'hi there'),
  unread: 2,
  lastReadId: '3',
  updateTime: new Date().toISOString(),
};

/** Answers the page's REST calls by path; `list` decides the conversations answer. */
function serve(list: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/webchat/conversations')) {
      return list();
    }
    if (url.includes('/api/webchat/messages')) {
      return envelope({ records: [message('4', 'earlier'), message('5', 'hi there')], hasMore: false });
    }
    if (url.includes('/api/webchat/read')) {
      return envelope({ id: '10', lastReadId: '5', total: 0 });
    }
    return envelope(null);
  });
}

beforeEach(() => {
  // The message box sizes itself to its text; jsdom has no ResizeObserver.
  stubLayout();
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  useSession.setState({ userInfo: tokenAnswer({ user_id: ME }) });
});

const socket = () => FakeSocket.made.at(-1) as FakeSocket;

describe('web chat page', () => {
  it('lists conversations with their unread counts, opens one, reads it and sends with Enter', async () => {
    serve(() => envelope([bob]));
    renderInApp(<WebChatPage />);
    const item = await screen.findByTestId('webchat-conversation');
    expect(within(item).getByText('Bob')).toBeTruthy();
    expect(within(item).getByText('2')).toBeTruthy();
    // The socket starts after the list, signed in and asking for what came after the list's newest message.
    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    act(() => socket().onopen?.());
    expect(socket().sent[0]).toMatchObject({ type: 'auth', lastId: '5' });
    socket().frame({ type: 'ready', userId: ME });
    expect((await screen.findByTestId('webchat-status')).dataset.status).toBe('online');

    fireEvent.click(item);
    expect(await screen.findByText('earlier')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/read'))).toBe(true));
    await waitFor(() => expect(within(item).queryByText('2')).toBeNull());

    const input = screen.getByTestId('webchat-input');
    fireEvent.change(input, { target: { value: 'line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(socket().sent.some((f) => f.type === 'send')).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    const sent = socket().sent.find((f) => f.type === 'send');
    expect(sent).toMatchObject({ conversationId: '10', text: 'line one' });
    expect(await screen.findByTestId('webchat-pending')).toBeTruthy();
    // The server's copy replaces the pending one.
    socket().frame({
      type: 'message',
      message: message('6', 'line one', ME),
      clientId: String(sent?.clientId),
    });
    await waitFor(() => expect(screen.queryByTestId('webchat-pending')).toBeNull());
    expect(screen.getAllByTestId('webchat-message').map((m) => m.textContent)).toEqual([
      expect.stringContaining('earlier'),
      expect.stringContaining('hi there'),
      expect.stringContaining('line one'),
    ]);

    socket().frame({ type: 'typing', conversationId: '10', userId: '2', name: 'Bob' });
    expect(screen.getByTestId('webchat-typing').textContent).toContain('Bob');
  });

  it('shows plain text as text, never as markup', async () => {
    serve(() => envelope([{ ...bob, lastMessage: message('5', '<b>x</b>') }]));
    renderInApp(<WebChatPage />);
    expect(await screen.findByText('<b>x</b>')).toBeTruthy();
    expect(document.querySelector('.webchat b')).toBeNull();
  });

  it('says when there are no conversations, and offers to read the list again when it failed', async () => {
    let fail = true;
    serve(() =>
      fail ? jsonResponse({ code: 500, success: false, msg: 'down', data: null }, 500) : envelope([]),
    );
    renderInApp(<WebChatPage />);
    const failed = await screen.findByTestId('webchat-list-failed');
    fail = false;
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByText('还没有会话，发起一个聊天吧')).toBeTruthy();
    expect(screen.getByText('选择左侧的会话开始聊天')).toBeTruthy();
  });
});
