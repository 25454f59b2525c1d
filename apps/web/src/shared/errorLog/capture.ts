import type { ClientLogEntry } from '@yuan/contract';
import { useErrorLog } from '../../stores/errorLog.ts';

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error) {
    return { message: reason.message, stack: reason.stack ?? '' };
  }
  return {
    message: typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason)),
    stack: '',
  };
}

export function logError(type: string, reason: unknown, info = ''): void {
  const { message, stack } = describe(reason);
  const entry: ClientLogEntry = {
    type,
    url: window.location.href,
    message: message.slice(0, 4000),
    stack: stack.slice(0, 20_000),
    info: info.slice(0, 4000),
    time: new Date().toISOString(),
  };
  useErrorLog.getState().add(entry);
}

/** Window errors and unhandled promise rejections go to the local error log (SPEC §8). */
export function installErrorCapture(): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load failures have no error object; they are noise for this log.
    if (!event.error && !event.message) {
      return;
    }
    logError('error', event.error ?? event.message, `${event.filename}:${event.lineno}:${event.colno}`);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    // Failed requests were already shown to the user; they are not UI bugs.
    if (event.reason instanceof Error && event.reason.name === 'RequestError') {
      return;
    }
    logError('unhandledrejection', event.reason);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
