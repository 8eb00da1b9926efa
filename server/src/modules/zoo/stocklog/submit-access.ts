import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MOVEMENTS, type Movement } from '@zoo/contract';
import type { Tx } from '../../../db/client';
import { BizError } from '../../../platform/http/errors';
import { DENIED, hasButton } from '../../../platform/access/permissions';
import type { Session } from '../../../platform/auth/session';

/**
 * Rights of `stockLog/submit`, before its input is validated: the button of the movement the body names (the same
 * as its `*_enroll` call). A body naming no known movement gets the field message only from someone who may book
 * at least one kind; anyone else gets 403 (rights before input).
 */
export async function submitAccess(app: FastifyInstance, call: { db: Tx; session: Session; req: FastifyRequest }): Promise<void> {
  const raw = (call.req.body as { movementType?: unknown } | null | undefined)?.movementType;
  const kinds: readonly Movement[] = MOVEMENTS.includes(raw as Movement) ? [raw as Movement] : MOVEMENTS;
  for (const k of kinds) if (await hasButton(app.zoo.cache, call.db, call.session, `stocklog_${k}`)) return;
  throw new BizError(DENIED, 403);
}
