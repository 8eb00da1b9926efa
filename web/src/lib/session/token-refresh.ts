import type { TokenResponse } from '@zoo/contract';
import { firstEndpoints } from '../request/first-endpoints';
import { call } from '../request';
import { website } from '../website';
import { session } from './session-store';

/** True once `tokenTime` seconds have passed since the token was stored. */
export const refreshDue = (nowMs: number, stampMs: number, tokenTimeSec: number = website.tokenTime): boolean =>
  stampMs > 0 && (nowMs - stampMs) / 1000 >= tokenTimeSec;

let inFlight = false;

/** Dept-Id / Role-Id travel with login and refresh: the chosen ids when switchMode is on, else "" (contract §2.1). */
export function switchHeaders(deptId?: string, roleId?: string): Record<string, string> {
  const user = session().userInfo;
  if (!website.switchMode) return { 'Dept-Id': '', 'Role-Id': '' };
  return { 'Dept-Id': deptId ?? user?.dept_id ?? '', 'Role-Id': roleId ?? user?.role_id ?? '' };
}

/** The refresh_token grant with optional dept/role narrowing; resolves with the new token body. */
async function refreshGrant(headers: Record<string, string>): Promise<TokenResponse | undefined> {
  const { refreshToken: refresh, tenantId } = session();
  if (!refresh) return undefined;
  const res = await call(firstEndpoints.token, {
    query: { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' },
    headers: { 'Tenant-Id': tenantId, ...headers },
  });
  return res?.access_token ? res : undefined;
}

/** The refresh_token grant; only the two tokens are replaced, as in Saber. Never two at once. */
export async function refreshToken(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  try {
    const res = await refreshGrant(switchHeaders());
    if (res) session().setTokens(res.access_token, res.refresh_token);
  } catch {
    // Swallowed on purpose (contract §8.2): the next 401 logs the user out.
  } finally {
    inFlight = false;
  }
}

/**
 * Department/role switch (switchMode): a new token narrowed by Dept-Id/Role-Id replaces the whole
 * user info, as a fresh login would (lock and tags reset too). Rejects when the server refuses.
 */
export async function switchDeptRole(deptId: string, roleId: string): Promise<void> {
  inFlight = true;
  try {
    const res = await refreshGrant({ 'Dept-Id': deptId, 'Role-Id': roleId });
    if (!res) throw new Error('no token');
    session().login(res);
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
