import { useState } from 'react';

/**
 * A busy flag around one task at a time, for the buttons to show it. A failed task is not rethrown: its failure
 * was already shown (the request client's toast with the server's message, or the form's field errors), and a
 * rejection left to an event handler would only surface as an unhandled one.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch {
      // Already shown to the user (see above).
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
