import { currentUser, kept } from '../../../lib/offline';
import { call } from '../../../lib/request';
import { roundWire } from './round-wire';

/** The round and its feedings, each through the device's copy: the round opens without a network (decision 0046). */
export const readRound = () => kept('round', () => call(roundWire.round));
export const readFeedings = () => kept('round-feedings', () => call(roundWire.feedings));

export type RoundRead = Awaited<ReturnType<typeof readRound>>;
export type FeedingsRead = Awaited<ReturnType<typeof readFeedings>>;

/** A read started early: its promise, and its answer once it has come. */
export interface EarlyRead<T> {
  promise: Promise<T>;
  value?: T;
}

interface Early {
  user: string;
  at: number;
  round?: EarlyRead<RoundRead>;
  feedings?: EarlyRead<FeedingsRead>;
}

/** An early read older than this is not used: the page did not mount with it. */
const EARLY_MS = 10_000;
let early: Early | undefined;

function track<T>(promise: Promise<T>): EarlyRead<T> {
  const read: EarlyRead<T> = { promise };
  promise.then(
    (v) => (read.value = v),
    () => undefined,
  );
  return read;
}

/**
 * Starts both reads for the signed-in user now, while the page's code is still being loaded and rendered: without a
 * network the kept copy is in memory by the first render, so the round is drawn in the same frame as the shell.
 */
export function readEarly(): Promise<unknown> | undefined {
  const user = currentUser();
  if (!user) return undefined;
  const round = readRound();
  const feedings = readFeedings();
  early = { user, at: Date.now(), round: track(round), feedings: track(feedings) };
  return Promise.allSettled([round, feedings]);
}

/** The early read of `name` for `user`, handed out once (later reads go to the network again). */
export function takeEarly<K extends 'round' | 'feedings'>(name: K, user: string): Early[K] | undefined {
  const e = early;
  if (!e || e.user !== user || Date.now() - e.at > EARLY_MS) return undefined;
  const read = e[name];
  e[name] = undefined;
  return read;
}
