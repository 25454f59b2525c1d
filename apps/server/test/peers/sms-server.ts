/**
 * Test-only: a real HTTP server on 127.0.0.1 that plays one SMS provider, answering JSON and showing the
 * handler each body as text. The server itself is the shared one in lib/provider-http. Not imported by runtime code.
 */

import { it } from 'vitest';
import {
  type Answer,
  bodyText,
  type FakeServer,
  fakeForFile,
  fakeServerAs,
  jsonAnswer,
  loopbackEgress,
  type Received as RawReceived,
  rejectionCheck,
} from './fake-provider.ts';
import { SmsSendError } from '../../src/modules/resource/sms/sms-http.ts';
import {
  type SmsConfig,
  type SmsEndpoints,
  smsProvider,
} from '../../src/modules/resource/sms/sms-provider.ts';

export interface Received extends Omit<RawReceived, 'body'> {
  /** The body as UTF-8 text. */
  body: string;
}

/** What the fake provider answers; 'hang' never answers (to exercise the timeout). */
export type Reply = { status: number; json: unknown } | 'hang';

export type FakeProvider = FakeServer<Received>;

function answer(reply: Reply): Answer {
  return reply === 'hang' ? reply : jsonAnswer(reply.status, reply.json, 'application/json; charset=utf-8');
}

export function fakeProvider(handle: (req: Received) => Reply): Promise<FakeProvider> {
  return fakeServerAs(
    (req): Received => ({ ...req, body: bodyText(req) }),
    (req) => answer(handle(req)),
    'application/json; charset=utf-8',
  );
}

/** A fake provider for the calling file's tests: started before them, closed after them. */
function fakeProviderForFile(handle: (req: Received) => Reply): FakeProvider {
  return fakeForFile(() => fakeProvider(handle));
}

export interface SmsFixture {
  /** The adapter's provider name, as its errors carry it. */
  provider: string;
  /** The fake provider, running while the calling file's tests do. */
  server: FakeProvider;
  /** Sends the text to `phones` through the adapter pointed at the fake, with `change` applied to the config. */
  sendOne(change: Partial<SmsConfig>, phones?: string[]): Promise<void>;
}

/** The calling file's fake provider (see fakeProviderForFile) and a sender for one text through its adapter. */
export function smsFixture(
  adapter: { category: number; name: keyof SmsEndpoints; config: SmsConfig; params: Record<string, string> },
  handle: (req: Received) => Reply,
): SmsFixture {
  const server = fakeProviderForFile(handle);
  const { category, name, config, params } = adapter;
  return {
    provider: name,
    server,
    sendOne: (change, phones = ['13800000000']) =>
      smsProvider(category, { [name]: server.url }, loopbackEgress).send(
        { ...config, ...change },
        { phones, params },
      ),
  };
}

/** A send the provider (or the adapter, before sending) must refuse. */
export interface Refusal {
  /** The test's name. */
  name: string;
  /** What differs from the fixture's configuration. */
  change: Partial<SmsConfig>;
  /** The recipients, when not the one default number. */
  phones?: string[];
  /** The detail the SmsSendError must carry: a string, or an expect matcher. */
  detail: unknown;
  /** Values no text of the error may contain (the configured secret, a wrong one). */
  hidden?: string[];
}

/** One test per row: that send rejects with an SmsSendError from the fixture's provider, with that detail. */
export function refusalCases(fixture: SmsFixture, rows: Refusal[]): void {
  for (const { name, change, phones, detail, hidden } of rows) {
    it(name, async () => {
      await expectSmsRejection(fixture.sendOne(change, phones), fixture.provider, detail, hidden);
    });
  }
}

/** `promise` rejects with an SmsSendError from that provider with that detail, naming none of the hidden values. */
export const expectSmsRejection = rejectionCheck(SmsSendError);
