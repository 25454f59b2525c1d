import type { ChatMessage } from '@yuan/contract';
import { describe, expect, it } from 'vitest';
import { type ChatEvent, encodeEvent, type FanOutSink, receive } from './fan-out.ts';

const message = (text: string): ChatMessage => ({
  id: '42',
  conversationId: '7',
  senderId: '1',
  senderName: 'A',
  text,
  attachment: null,
  createTime: new Date(0).toISOString(),
});

function recordingSink(load?: FanOutSink['load']) {
  const delivered: ChatEvent[] = [];
  let resyncs = 0;
  const sink: FanOutSink = {
    deliver: (event) => delivered.push(event),
    resync: () => {
      resyncs++;
    },
    load: load ?? (async () => undefined),
  };
  return { sink, delivered, resyncs: () => resyncs };
}

describe('fan-out wire form', () => {
  it('carries a small event whole and a large message by id, which the receiver loads', async () => {
    const small: ChatEvent = {
      tenantId: 't1',
      userIds: ['1', '2'],
      frame: { type: 'message', message: message('hi') },
    };
    const big: ChatEvent = {
      tenantId: 't1',
      userIds: ['1', '2'],
      frame: { type: 'message', message: message('😀'.repeat(2000)), clientId: 'c9' },
    };
    const { sink, delivered } = recordingSink(async (tenantId, id, clientId) => ({
      tenantId,
      userIds: ['2'],
      frame: { type: 'message', message: { ...message('loaded'), id }, ...(clientId ? { clientId } : {}) },
    }));
    const whole = encodeEvent(small, 7_900);
    const ref = encodeEvent(big, 7_900);
    expect(Buffer.byteLength(JSON.stringify(ref))).toBeLessThan(100);
    expect(ref).toEqual({ t: 't1', ref: '42', c: 'c9' });
    // What travels is JSON: the receiver gets it parsed.
    await receive(JSON.parse(JSON.stringify(whole)), sink);
    await receive(JSON.parse(JSON.stringify(ref)), sink);
    expect(delivered).toEqual([
      small,
      {
        tenantId: 't1',
        userIds: ['2'],
        frame: { type: 'message', message: message('loaded'), clientId: 'c9' },
      },
    ]);
    // Without a limit (Redis) the large one travels whole too.
    expect(encodeEvent(big, Number.POSITIVE_INFINITY)).toMatchObject({
      f: { message: { text: '😀'.repeat(2000) } },
    });
  });

  it('ignores what is not an event', async () => {
    const { sink, delivered, resyncs } = recordingSink();
    for (const value of [
      '',
      'not json',
      null,
      42,
      [],
      { t: 1 },
      { t: 'x', u: '1', f: {} },
      { t: 'x', u: [] },
    ]) {
      await receive(value, sink);
    }
    expect(delivered).toEqual([]);
    expect(resyncs()).toBe(0);
  });
});
