import type { MenuNode } from '@zoo/contract';
import { firstEndpoints } from '../request/first-endpoints';
import { call } from '../request';
import { website } from '../website';
import { collectButtonCodes } from './permissions';
import { session } from './session-store';

let loadedThisPage = false;

/**
 * Fetches the user's menu forest into the session. Login passes the fresh token explicitly so the
 * menu is in place before the token is stored (storing it is what lets the guard leave /login).
 */
export async function loadMenu(token?: string): Promise<MenuNode[]> {
  const headers = token ? { [website.tokenHeader]: `bearer ${token}` } : undefined;
  const menu = (await call(firstEndpoints.menuRoutes, { query: {}, headers })) ?? [];
  session().setMenu(menu);
  loadedThisPage = true;
  return menu;
}

/**
 * After a reload the persisted menu and buttons may be stale (grants changed), so the shell
 * re-reads them once per page load; right after login they are already fresh.
 */
let refreshing: Promise<void> | undefined;
export function refreshMenuOnce(): Promise<void> {
  if (loadedThisPage) return Promise.resolve();
  // Shared so a double-mounted shell (StrictMode in dev) does not ask twice.
  refreshing ??= loadMenu()
    .then(() => loadButtonsLater())
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/** Fetches the button forest and stores it as the code→true permission map. */
export async function loadButtons(): Promise<void> {
  const forest = (await call(firstEndpoints.menuButtons)) ?? [];
  session().setPermission(collectButtonCodes(forest));
}

/** Buttons follow the menu after a short delay (spec §6); failures are already toasted. */
export function loadButtonsLater(delayMs: number = website.permissionDelayMs): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      loadButtons()
        .catch(() => undefined)
        .finally(resolve);
    }, delayMs);
  });
}
