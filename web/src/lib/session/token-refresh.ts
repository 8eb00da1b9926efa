import { authEndpoints } from '@zoo/contract';
import { call } from '../request';
import { website } from '../website';
import { session } from './session-store';

/** True once `tokenTime` seconds have passed since the token was stored. */
export const refreshDue = (nowMs: number, stampMs: number, tokenTimeSec: number = website.tokenTime): boolean =>
  stampMs > 0 && (nowMs - stampMs) / 1000 >= tokenTimeSec;

let inFlight = false;

/** The refresh_token grant; only the two tokens are replaced, as in Saber. */
export async function refreshToken(): Promise<void> {
  const { refreshToken: refresh, tenantId, setTokens } = session();
  if (!refresh) return;
  inFlight = true;
  try {
    const res = await call(authEndpoints.token, {
      query: { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' },
      headers: { 'Tenant-Id': tenantId },
    });
    if (res?.access_token) setTokens(res.access_token, res.refresh_token);
  } catch {
    // Swallowed on purpose (contract §8.2): the next 401 logs the user out.
  } finally {
    inFlight = false;
  }
}

/** One tick of the timer; returns whether a refresh was started (handy for tests). */
export function checkTokenRefresh(nowMs: number = Date.now()): boolean {
  const { token, tokenStamp } = session();
  if (!token || inFlight || !refreshDue(nowMs, tokenStamp)) return false;
  void refreshToken();
  return true;
}

/** Starts the 10 s check; returns the stop function for effect cleanup. */
export function startTokenRefresh(): () => void {
  const id = setInterval(() => checkTokenRefresh(), website.tokenCheckIntervalMs);
  return () => clearInterval(id);
}
