import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import type { Session } from './auth/session';

/** One figure of the dashboard (`/blade-desk/countinfo`), counted in the caller's tenant. */
export interface DeskCountProvider {
  key: string;
  title: string;
  /** Menu path that shows the counted rows. */
  path?: string;
  count(ctx: { db: Tx; session: Session }): Promise<number>;
}

const providers = new WeakMap<FastifyInstance, DeskCountProvider[]>();

/** Modules add their dashboard figures here (the zoo module adds animals, cages…); shown in registration order. */
export function addDeskCount(app: FastifyInstance, p: DeskCountProvider): void {
  providers.set(app, [...(providers.get(app) ?? []), p]);
}

export const deskCountProviders = (app: FastifyInstance): readonly DeskCountProvider[] => providers.get(app) ?? [];
