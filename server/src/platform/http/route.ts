import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { R, type Access, type Endpoint } from '@zoo/contract';
import type { Db, Tx } from '../../db/client';
import { tokenFromRequest, sessionFromClaims } from '../auth/tokens';
import { BizError } from './errors';
import { ok, PreSerialized } from './envelope';
import { enforceApiScope } from '../access/api-scope';
import { checkAccess, DENIED } from '../access/permissions';
import { acrossTenants, PLATFORM_TENANT, type Session } from '../auth/session';
import { inTenant, RevokedTokenError } from '../tenancy/tenant-tx';
import { lastWriteOf, rememberWrite } from '../tenancy/read-your-writes';
import { inLanguage, requestLanguage } from '../i18n/request-language';
import { localizeMessage } from '../i18n/messages';
import { duplicateRuleMessage } from '../resource/guards';
import { DISABLED_ACCOUNT, resolveRights, ROLES_CHANGED, type LiveRow } from '../auth/live-rights';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : never;

/**
 * What a handler may return for a contract type: null or undefined wherever the wire carries a value, because the
 * envelope renders missing values as "" (Blade's writer, contract §1.1) — rows and lookups go out as they are,
 * with no `?? ''` in modules.
 */
export type Wire<T> = T extends string | number | boolean
  ? T | null | undefined
  : T extends Array<infer U>
    ? Array<Wire<U>>
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export interface Call<Q, B> {
  query: Q;
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}
export interface AuthedCall<Q, B> extends Call<Q, B> {
  session: Session;
  /** The request transaction, limited to the session's tenant by row-level security. */
  db: Tx;
  /**
   * Runs `fn` once the request transaction has committed (background work that must see its rows). Never use
   * `app.zoo.database.db` inside the transaction instead: embedded PGlite has one connection and would wait
   * for the request transaction forever.
   */
  afterCommit(fn: () => void): void;
}
export interface PublicCall<Q, B> extends Call<Q, B> {
  /** Unrestricted database: public handlers must scope their own reads by the tenant they were given. */
  sys: Db;
}

export const MISSING_TOKEN = '缺失令牌,鉴权失败';
export const BAD_TOKEN = '请求未授权';
export const REVOKED_TOKEN = '令牌已失效';

/**
 * Resolves the caller from the token; 401 for a missing or bad one. `download` (a GET download endpoint) also
 * takes the token from the `Blade-Auth` query parameter.
 */
export async function authenticate(app: FastifyInstance, req: FastifyRequest, download = false): Promise<Session> {
  const raw = tokenFromRequest(req.headers, req.query, download && req.method === 'GET');
  if (!raw) throw new BizError(MISSING_TOKEN, 401);
  const claims = await app.zoo.tokens.verify(raw, 'access');
  if (!claims) throw new BizError(BAD_TOKEN, 401);
  return sessionFromClaims(claims);
}

/**
 * Authentication first (onRequest: before the body is read, parsed or validated), so an anonymous caller gets a
 * 401 and never a field message, and a large body of a request without a valid token is not parsed at all.
 */
export const sessionHook =
  (app: FastifyInstance, download = false) =>
  async (req: FastifyRequest) => {
    req.session = await authenticate(app, req, download);
  };

/** Bodies anonymous endpoints accept (token inputs travel in the query; register-guest and the like are small). */
const PUBLIC_BODY_LIMIT = 64 * 1024;

/** Takes the session's roles and department from the database; 401 when the user was disabled or lost them all. */
const liveRights = (app: FastifyInstance, session: Session) => async (row: LiveRow, tx: Tx) => {
  if (row.user_row === null) throw new BizError(DISABLED_ACCOUNT, 401);
  const rights = await resolveRights(app.zoo.cache, tx, session, row.user_row);
  if (!rights) throw new BizError(ROLES_CHANGED, 401);
  Object.assign(session, rights);
};

/** For calls outside route() (client log upload): the token is live and the user still enabled, with current rights. */
export async function assertLiveSession(app: FastifyInstance, session: Session): Promise<void> {
  const scope = { tenantId: session.tenantId, userId: session.userId, live: session, liveCache: app.zoo.cache, onLive: liveRights(app, session) };
  await inTenant(app.zoo.database.db, scope, async () => undefined).catch((e) => {
    throw e instanceof RevokedTokenError ? new BizError(REVOKED_TOKEN, 401) : e;
  });
}

/** An access rule as the OpenAPI document states it (`x-access`): public, login, admin, administrator, perm:<code>. */
export const accessLabel = (access: Access): string => (typeof access === 'string' ? access : `perm:${access.perm}`);

/**
 * Validation and OpenAPI docs from the descriptor's zod schemas (raw public bodies are not validated). Who may
 * call is documented as `x-access` (and `x-platform-only` for calls of the platform tenant alone), so a test or
 * client can read every operation's rule from /api/openapi.json.
 */
function schemaOf(ep: Endpoint, response: boolean, rule: { access?: string; platformOnly?: boolean } = {}) {
  return {
    'x-access': rule.access ?? accessLabel(ep.access),
    ...(rule.platformOnly || ep.access === 'administrator' ? { 'x-platform-only': true } : {}),
    summary: ep.summary,
    ...(ep.operationId ? { operationId: ep.operationId } : {}),
    tags: [ep.path.split('/')[1] ?? 'api'],
    ...(ep.query ? { querystring: ep.query } : {}),
    ...(ep.body ? { body: ep.body } : {}),
    ...(response ? { response: { 200: ep.raw ? ep.data : R(ep.data) } } : {}),
  };
}

/** Who, from where and why, for the audit rows the request's writes produce. */
function auditContext(req: FastifyRequest, s: Session) {
  const raw = req.headers['audit-reason'];
  let reason = '';
  if (typeof raw === 'string' && raw) {
    // Header values are Latin-1: a reason in Chinese arrives URL-encoded.
    try {
      reason = decodeURIComponent(raw);
    } catch {
      reason = raw;
    }
    // A control character (U+0000 above all, which PostgreSQL text cannot hold) has no place in a reason.
    reason = reason.replace(/\p{Cc}/gu, ' ').slice(0, 500);
  }
  return { userName: s.realName || s.nickName || s.account, clientIp: req.ip, requestId: String(req.id), reason };
}

/** What a route adds to its contract endpoint: hooks and rules the descriptor does not carry. */
export interface RouteExtras {
  /**
   * Runs after authentication and before the request transaction opens: work that waits on the client (reading
   * an upload) must not hold a database connection.
   */
  before?: (req: FastifyRequest, session: Session) => Promise<void>;
  /**
   * Only the platform tenant (000000) may call, whatever buttons a tenant role holds: calls on platform-wide
   * records (menus, system dictionary, datasources…). 403 before the input is validated.
   */
  platformOnly?: boolean;
  /**
   * An access rule that depends on the input (a submit needs the add button for a new record, the edit button
   * for an existing one): runs with the access rule, before validation, on the raw query/body.
   */
  authorize?: (call: { db: Tx; session: Session; req: FastifyRequest }) => Promise<void>;
  /** How `x-access` states the rule when `authorize` refines it (e.g. `perm:user_add|user_edit`). */
  accessDoc?: string;
  /** A GET that writes: without it a GET's transaction is read-only (PostgreSQL refuses its writes). */
  writes?: boolean;
}

/** Success messages a handler chose (contract: some calls answer e.g. "签收事务成功" instead of "操作成功"). */
const messages = new WeakMap<FastifyRequest, string>();
/** Sets the `msg` of this request's successful R envelope. */
export const replyMessage = (req: FastifyRequest, msg: string): void => void messages.set(req, msg);

/**
 * Registers one contract endpoint: validation and docs from its zod schemas, the access rule, the request
 * transaction under the caller's tenant, and the R envelope. Every module route goes through here.
 */
export function route<Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  app: FastifyInstance,
  ep: Endpoint<Q, B, D>,
  handler: (call: AuthedCall<In<Q>, In<B>>) => Promise<Wire<Out<D>>>,
  opts: RouteExtras = {},
): void {
  app.route({
    method: ep.method,
    url: `/api${ep.path}`,
    schema: schemaOf(ep, true, { access: opts.accessDoc, platformOnly: opts.platformOnly }),
    // Rights before input: a caller without the right gets 403, never a field message (the validation error is
    // thrown below, once the access rule passed).
    attachValidation: true,
    onRequest: sessionHook(app, Boolean(ep.download)),
    handler: async (req, reply) => {
      const session = req.session!;
      if (opts.before) {
        if (!(await app.zoo.tokens.isLive(session.jti))) throw new BizError(REVOKED_TOKEN, 401);
        await opts.before(req, session);
      }
      const committed: Array<() => void> = [];
      const lang = requestLanguage(req);
      // The request's transaction, for the duplicate rules it checked (a unique violation may surface at COMMIT).
      let tx: object | undefined;
      const data = await inLanguage(lang, () =>
        inTenant(
          app.zoo.database.db,
          {
            tenantId: session.tenantId,
            userId: session.userId,
            deptId: session.deptId,
            allTenants: acrossTenants(ep, session),
            // Roles, department and status come from the database, so rights removed bite on this very request.
            live: session,
            liveCache: app.zoo.cache,
            onLive: liveRights(app, session),
            readOnly: ep.method === 'GET' && !opts.writes,
            // Hot standbys (decision 0055): the caller's last write position, and its new one after a write.
            readAfter: lastWriteOf(req),
            wrote: (lsn) => rememberWrite(req, reply, lsn, app.zoo.config.replicaMaxLagMs),
            ...auditContext(req, session),
          },
          async (db) => {
            tx = db;
            await checkAccess(app.zoo.cache, db, session, ep.access);
            if (opts.platformOnly && session.tenantId !== PLATFORM_TENANT) throw new BizError(DENIED, 403);
            await opts.authorize?.({ db, session, req });
            await enforceApiScope(app.zoo.cache, db, session, ep.path);
            if (req.validationError) throw req.validationError;
            const afterCommit = (fn: () => void) => void committed.push(fn);
            return handler({ query: req.query as In<Q>, body: req.body as In<B>, req, reply, session, db, afterCommit });
          },
        ),
      ).catch((e) => {
        if (e instanceof RevokedTokenError) throw new BizError(REVOKED_TOKEN, 401);
        const duplicate = duplicateRuleMessage(tx, e);
        throw duplicate ? new BizError(duplicate) : e;
      });
      for (const fn of committed) fn();
      if ((data as unknown) instanceof PreSerialized) {
        reply.type('application/json; charset=utf-8');
        const pre = data as unknown as PreSerialized;
        return ep.raw ? pre.json : pre.envelope(localizeMessage(messages.get(req) ?? ok(null).msg, lang));
      }
      return ep.raw ? data : ok(data ?? {}, localizeMessage(messages.get(req) ?? ok(null).msg, lang));
    },
  } as RouteOptions);
}

/**
 * Registers an endpoint that needs no token (captcha, token, tenant info…), or a raw-shaped one that authenticates
 * with `session: true`; anonymous bodies are limited to PUBLIC_BODY_LIMIT.
 */
export function publicRoute<Q extends z.ZodType, B extends z.ZodType, D extends z.ZodType>(
  app: FastifyInstance,
  ep: Endpoint<Q, B, D>,
  handler: (call: PublicCall<In<Q>, In<B>>) => Promise<Wire<Out<D>>>,
  opts: { session?: boolean; bodyLimit?: number } = {},
): void {
  app.route({
    method: ep.method,
    url: `/api${ep.path}`,
    schema: schemaOf(ep, !ep.raw, { access: opts.session ? 'login' : 'public' }),
    // `session`: a raw-shaped endpoint that still needs a signed-in caller (front-end error upload, clear-cache).
    ...(opts.session ? { onRequest: sessionHook(app) } : {}),
    ...(opts.bodyLimit || !opts.session ? { bodyLimit: opts.bodyLimit ?? PUBLIC_BODY_LIMIT } : {}),
    handler: async (req, reply) => {
      const lang = requestLanguage(req);
      const data = await inLanguage(lang, () => handler({ query: req.query as In<Q>, body: req.body as In<B>, req, reply, sys: app.zoo.database.db }));
      return ep.raw ? data : ok(data ?? {}, localizeMessage(ok(null).msg, lang));
    },
  } as RouteOptions);
}
