/**
 * Test-only: the cases every provider adapter (SMS, storage) must pass, as functions a provider's test file
 * calls inside its describe block. Not imported by runtime code.
 */
import { expect, it, vi } from 'vitest';
import type { Transport } from '../../src/lib/provider-http/call-provider.ts';
import {
  type Answer,
  closedPortUrl,
  type ErrorClass,
  expectProviderError,
  fakeServer,
  rejection,
  shortenTimeout,
} from './fake-provider.ts';

/** A call to the adapter under test; it must reject in every case below. */
export type AdapterCall = () => Promise<unknown>;

export interface ProviderSubject {
  /** The provider name the adapter's errors carry. */
  provider: string;
  /** The module's public error class. */
  errorClass: ErrorClass;
  /** The timeout the adapter must ask AbortSignal.timeout for. */
  timeoutMs: number;
  /** The configured secret, which no error text may contain. */
  secret: string;
  /** The adapter calls to make against a provider at `url`, one at a time; each sends one request. */
  calls(url: string): AdapterCall[];
}

export interface InvalidInput {
  /** What is wrong with the input, for the test's name. */
  name: string;
  /** The detail the error must carry. */
  detail: string;
  /** The calls with that input; `transport` must stay unused. */
  calls(transport: Transport): AdapterCall[];
}

/** Each input is refused with the module's error and its detail before any request is sent. */
export function invalidInputCases(subject: ProviderSubject, inputs: InvalidInput[]): void {
  const { provider, errorClass } = subject;
  for (const { name, detail, calls } of inputs) {
    it(`refuses ${name} before any request`, async () => {
      const transport = vi.fn<Transport>();
      // One call at a time: a second rejection left pending would be reported as unhandled.
      for (const call of calls(transport)) {
        expectProviderError(await rejection(call()), errorClass, { provider, detail });
      }
      expect(transport).not.toHaveBeenCalled();
    });
  }
}

/**
 * Starts a fake answering `answer`, runs every call of the subject against it and checks each error; says how
 * many calls were made and how many requests the fake received.
 */
async function eachCallAgainst(
  subject: ProviderSubject,
  answer: () => Answer,
  check: (err: unknown) => void,
): Promise<{ calls: number; requests: number }> {
  const server = await fakeServer(answer);
  try {
    const calls = subject.calls(server.url);
    for (const call of calls) {
      check(await rejection(call()));
    }
    return { calls: calls.length, requests: server.requests.length };
  } finally {
    await server.close();
  }
}

/**
 * No answer in time, nobody listening, a provider echoing the secret back and an error page that is neither
 * JSON nor XML: each ends in the module's error with a detail that names what happened and not the secret.
 * `echo` answers as the provider does when it refuses, with `text` where it puts its code and message.
 */
export function transportFailureCases(subject: ProviderSubject, echo: (text: string) => Answer): void {
  const { provider, errorClass, timeoutMs, secret } = subject;

  it(`gives up after the ${timeoutMs / 1000} s timeout with ${errorClass.name}`, async () => {
    const spy = shortenTimeout();
    try {
      const detail = `no answer within ${timeoutMs} ms`;
      const { calls, requests } = await eachCallAgainst(
        subject,
        () => 'hang',
        (err) => expectProviderError(err, errorClass, { provider, detail }),
      );
      expect(spy).toHaveBeenCalledWith(timeoutMs);
      // Every call reached the provider: the timeout, not some earlier failure, ended it.
      expect(requests).toBe(calls);
    } finally {
      spy.mockRestore();
    }
  });

  it(`reports an unreachable server as ${errorClass.name}`, async () => {
    for (const call of subject.calls(await closedPortUrl())) {
      const err = await rejection(call());
      expectProviderError(err, errorClass, { provider, detail: 'request failed: ECONNREFUSED' });
    }
  });

  it('keeps the secret out of the error even when the provider echoes it back', async () => {
    const text = `bad key ${secret} / ${encodeURIComponent(secret)}`;
    await eachCallAgainst(
      subject,
      () => echo(text),
      (err) =>
        expectProviderError(
          err,
          errorClass,
          { provider, detail: expect.stringContaining('bad key *** / ***') },
          [secret],
        ),
    );
  });

  const errorPages: { page: string; answer: Answer }[] = [
    { page: 'an empty body', answer: { status: 502 } },
    {
      page: 'an HTML page',
      answer: { status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' },
    },
  ];
  for (const { page, answer } of errorPages) {
    it(`reports an error page with ${page} by its HTTP status`, async () => {
      await eachCallAgainst(
        subject,
        () => answer,
        (err) => expectProviderError(err, errorClass, { provider, detail: 'HTTP 502' }),
      );
    });
  }
}
