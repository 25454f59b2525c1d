import { PassThrough } from 'node:stream';
import { PROGRESS_STREAM_TYPE, type R } from '@yuan/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { failureOf } from './envelope.ts';

/** Whether the caller reads progress lines before the envelope (see PROGRESS_STREAM_TYPE). */
export function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(PROGRESS_STREAM_TYPE);
}

/**
 * Aborts when the answer's connection closes before the answer was written: the caller went away, or the server
 * cut the connection at the end of its grace period when it stopped.
 */
export function callerGone(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) {
      abort.abort();
    }
  });
  return abort.signal;
}

/**
 * Answers `work` as a stream: each progress report is a line written at once (the event loop turns after each, so
 * the line leaves and other calls are served), the envelope or the failure is the last line. A caller that goes
 * away aborts the work, whose unit of work then rolls back.
 */
export function progressAnswer<P, T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (report: (progress: P) => Promise<void>, signal: AbortSignal) => Promise<R<T>>,
): FastifyReply {
  const out = new PassThrough();
  const abort = new AbortController();
  let finished = false;
  reply.raw.on('close', () => {
    if (!finished) {
      abort.abort();
    }
  });
  const report = async (progress: P) => {
    out.write(`${JSON.stringify({ progress })}\n`);
    await new Promise((resolve) => setImmediate(resolve));
  };
  work(report, abort.signal)
    .then(
      (envelope) => envelope as unknown,
      (error: unknown) => {
        const failure = failureOf(error, request.lang);
        if (failure.unexpected && !abort.signal.aborted) {
          request.log.error({ err: error }, 'unexpected error');
        }
        return failure.body;
      },
    )
    .then((last) => {
      finished = true;
      out.end(`${JSON.stringify(last)}\n`);
    });
  return (
    reply
      .header('content-type', `${PROGRESS_STREAM_TYPE}; charset=utf-8`)
      .header('cache-control', 'no-cache')
      // Proxies must pass each line on as it comes.
      .header('x-accel-buffering', 'no')
      .send(out)
  );
}
