import { useState } from 'react';

export interface BusyOptions {
  /**
   * Keep a failure's message as `problem`, for a dialog that shows a refusal in place (its calls are made quiet, so
   * the request client shows no toast of its own).
   */
  showProblem?: boolean;
}

/** A form's refusal of its own values (antd's validateFields): the fields already say why. */
function isFieldErrors(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errorFields' in error;
}

/** The text of a failure as a person should read it. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A busy flag around one task at a time, for the buttons to show it, and the problem a dialog shows. A failed task
 * is not rethrown: its failure was already shown (the request client's toast with the server's message, the form's
 * field errors, or `problem` when asked for), and a rejection left to an event handler would only surface as an
 * unhandled one. `onFailure` hears every failure but a form's own refusal, e.g. to put a refusal under its field.
 */
export function useBusy({ showProblem = false }: BusyOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const run = async (task: () => Promise<void>, onFailure?: (error: unknown) => void) => {
    setBusy(true);
    setProblem('');
    try {
      await task();
    } catch (error) {
      if (!isFieldErrors(error)) {
        if (showProblem) {
          setProblem(failureText(error));
        }
        onFailure?.(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return { busy, run, problem, setProblem };
}
