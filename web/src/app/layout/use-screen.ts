import { useSyncExternalStore } from 'react';
import { screenTier } from './screen';

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

/** The current screen tier (0–3), following window resizes. */
export const useScreenTier = (): 0 | 1 | 2 | 3 =>
  useSyncExternalStore(
    subscribe,
    () => screenTier(window.innerWidth),
    () => 3,
  );
