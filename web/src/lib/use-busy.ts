import { useState } from 'react';

/**
 * A call behind a button: `busy` while it runs (for the button's `loading`); `run` answers whether it succeeded.
 * A failure was already shown to the user by the request layer (or the upload), so it is not raised again.
 */
export function useBusy(): [busy: boolean, run: (fn: () => Promise<unknown>) => Promise<boolean>] {
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}
