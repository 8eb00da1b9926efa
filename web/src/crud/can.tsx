import type { ReactNode } from 'react';
import type { Permission } from '@zoo/contract';
import { isAdministrator, useSession } from '../lib/session';

/** A check of a menu or button code of the contract's menu tree (a typo is a compile error). */
export type CanCheck = (code: Permission | undefined) => boolean;

/**
 * Button permission check: the code→true map from the server; administrators see every button.
 * `useCan('param_add')` answers one code; `useCan()` gives a checker for loops and slots.
 */
export function useCan(): CanCheck;
export function useCan(code: Permission): boolean;
export function useCan(code?: Permission): CanCheck | boolean {
  const permission = useSession((s) => s.permission);
  const admin = useSession((s) => isAdministrator(s.userInfo?.role_name));
  const can: CanCheck = (c) => Boolean(c) && (admin || permission[c!] === true);
  return code === undefined ? can : can(code);
}

export function Can({ code, children }: { code: Permission; children: ReactNode }) {
  return useCan(code) ? <>{children}</> : null;
}
