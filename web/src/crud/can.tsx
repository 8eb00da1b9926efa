import type { ReactNode } from 'react';
import { isAdministrator, useSession } from '../lib/session';

export type CanCheck = (code: string | undefined) => boolean;

/**
 * Button permission check: the code→true map from the server; administrators see every button.
 * `useCan('param_add')` answers one code; `useCan()` gives a checker for loops and slots.
 */
export function useCan(): CanCheck;
export function useCan(code: string): boolean;
export function useCan(code?: string): CanCheck | boolean {
  const permission = useSession((s) => s.permission);
  const admin = useSession((s) => isAdministrator(s.userInfo?.role_name));
  const can: CanCheck = (c) => Boolean(c) && (admin || permission[c!] === true);
  return code === undefined ? can : can(code);
}

export function Can({ code, children }: { code: string; children: ReactNode }) {
  return useCan(code) ? <>{children}</> : null;
}
