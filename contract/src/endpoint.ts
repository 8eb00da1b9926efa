import type { Permission } from './menus';
import type { z } from 'zod';

/**
 * Who may call an endpoint.
 * - public: no token (captcha, token, tenant/info…)
 * - login: any signed-in user
 * - admin: role alias admin or administrator
 * - administrator: the platform super admin role
 * - { perm }: a button permission code (administrators pass every button check)
 */
export type Access = 'public' | 'login' | 'admin' | 'administrator' | { perm: Permission };

export interface Endpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Path under /api, e.g. /blade-system/param/list */
  path: string;
  summary: string;
  /** OpenAPI operationId, for a call whose name is not its path's (a ledger's `remove` that reverses). */
  operationId?: string;
  access: Access;
  query?: Q;
  body?: B;
  /** Schema of `data` inside R, or of the whole body when `raw`. */
  data: D;
  /** The response is not R-wrapped (token, captcha, logout, clear-cache). */
  raw?: boolean;
  /** Platform administrators act across tenants here (the contract says so). */
  crossTenant?: boolean;
  /**
   * A GET the browser fetches by link (xlsx exports): the only calls that take the token from the `Blade-Auth`
   * query parameter (contract §8.3). Everywhere else a token in a URL (logged, cached, leaked by Referer) counts
   * as no token.
   */
  download?: boolean;
}

export const endpoint = <Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(e: Endpoint<Q, B, D>): Endpoint<Q, B, D> => e;

export type QueryOf<E> = E extends Endpoint<infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type DataOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer D> ? z.output<D> : never;
