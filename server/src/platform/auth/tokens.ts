import { randomUUID, webcrypto } from 'node:crypto';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Db, DbLike } from '../../db/client';
import type { Session } from './session';
import { sysToken } from './auth.tables';

export interface TokenUser {
  userId: string;
  tenantId: string;
  tenantName: string;
  account: string;
  name: string;
  realName: string;
  avatar: string;
  roleIds: string[];
  roleAliases: string[];
  deptId: string;
  postId: string;
}

export interface IssuedTokens {
  access: string;
  refresh: string;
  accessJti: string;
  expiresIn: number;
}

const ISSUER = 'zoo-breeding';
/** How long an access token keeps working after its refresh token was rotated (requests already in flight). */
export const ACCESS_GRACE_SECONDS = 30;

/** Verified access/refresh tokens kept per instance (bounded); see `verify`. */
const VERIFIED_MAX = 10_000;

export class TokenService {
  /** The HMAC key imported into WebCrypto once: jose re-imports a raw key on every call (6 % of a cached read). */
  private readonly cryptoKey: Promise<webcrypto.CryptoKey>;
  /**
   * token → its verified claims. Verifying the same bytes under the same key always gives the same answer but for
   * time, so a hit only re-checks expiry; revocation is never cached (checked in the database per request). Per
   * instance and losable: nothing another instance needs.
   */
  private readonly verified = new Map<string, JWTPayload>();

  constructor(
    key: Uint8Array,
    private readonly db: Db,
    /**
     * Called after this service revoked or shortened tokens: the instance forgets the token liveness it keeps
     * (platform/auth/live-rights.ts) — at once for a logout, whose statement has committed when it returns.
     */
    private readonly onRevoked: () => void = () => undefined,
  ) {
    this.cryptoKey = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /** `family`: the rotation family this pair continues (refresh); a sign-in starts a new one. */
  async issue(
    user: TokenUser,
    clientId: string,
    accessValidity: number,
    refreshValidity: number,
    tx: DbLike = this.db,
    family?: string,
  ): Promise<IssuedTokens> {
    const accessJti = randomUUID();
    const refreshJti = randomUUID();
    const fam = family ?? refreshJti;
    const now = Math.floor(Date.now() / 1000);
    const common = { user_id: user.userId, tenant_id: user.tenantId, client_id: clientId };
    const access = await new SignJWT({
      ...common,
      typ: 'access',
      account: user.account,
      user_name: user.account,
      nick_name: user.name,
      real_name: user.realName,
      role_id: user.roleIds.join(','),
      role_name: user.roleAliases.join(','),
      authorities: user.roleAliases,
      dept_id: user.deptId,
      post_id: user.postId,
      scope: ['all'],
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(accessJti)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + accessValidity)
      .sign(await this.cryptoKey);
    const refresh = await new SignJWT({ ...common, typ: 'refresh', dept_id: user.deptId, role_id: user.roleIds.join(',') })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(refreshJti)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + refreshValidity)
      .sign(await this.cryptoKey);
    const at = (s: number) => sql`localtimestamp(0) + make_interval(secs => ${s})`;
    await tx.insert(sysToken).values([
      {
        jti: accessJti,
        kind: 'access',
        pairJti: refreshJti,
        family: fam,
        userId: user.userId,
        tenantId: user.tenantId,
        clientId,
        expireTime: at(accessValidity) as never,
      },
      {
        jti: refreshJti,
        kind: 'refresh',
        pairJti: accessJti,
        family: fam,
        userId: user.userId,
        tenantId: user.tenantId,
        clientId,
        expireTime: at(refreshValidity) as never,
      },
    ]);
    return { access, refresh, accessJti, expiresIn: accessValidity };
  }

  /** Signature, expiry and kind; null when any fails. Revocation is checked separately (it needs the database). */
  async verify(token: string, kind: 'access' | 'refresh'): Promise<JWTPayload | null> {
    let payload = this.verified.get(token);
    if (payload) {
      if ((payload.exp ?? 0) <= Date.now() / 1000) {
        this.verified.delete(token);
        return null;
      }
    } else {
      try {
        payload = (await jwtVerify(token, await this.cryptoKey, { issuer: ISSUER, algorithms: ['HS256'] })).payload;
      } catch {
        return null;
      }
      // Oldest first out: a Map iterates in insertion order.
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, payload);
    }
    return payload.typ === kind && typeof payload.jti === 'string' ? payload : null;
  }

  async isLive(jti: string, db: DbLike = this.db): Promise<boolean> {
    const rows = await db
      .select({ jti: sysToken.jti })
      .from(sysToken)
      .where(and(eq(sysToken.jti, jti), isNull(sysToken.revokeTime), gt(sysToken.expireTime, sql`localtimestamp(0)`)));
    return rows.length > 0;
  }

  /** Revokes a token and its pair; returns false when it was already revoked (refresh reuse). */
  async revokePair(jti: string, db: DbLike = this.db): Promise<boolean> {
    const rows = await db
      .update(sysToken)
      .set({ revokeTime: sql`localtimestamp(0)` as never })
      .where(and(or(eq(sysToken.jti, jti), eq(sysToken.pairJti, jti)), isNull(sysToken.revokeTime)))
      .returning({ jti: sysToken.jti });
    this.onRevoked();
    return rows.some((r) => r.jti === jti);
  }

  /**
   * Refresh rotation: revokes the presented refresh token and returns the family the new pair continues. Its access
   * token is not cut off at once but within `ACCESS_GRACE_SECONDS`: requests the browser sent with it while the
   * refresh was under way (a page's parallel queries) must not come back 401 and log the user out. A refresh token
   * that was already used (or revoked) means two parties hold it — the user and a thief — so the whole family is
   * revoked, successors and access tokens included (OAuth 2.0 Security BCP §4.14), and null comes back.
   */
  async rotate(refreshJti: string, db: DbLike = this.db): Promise<string | null> {
    const rows = await db
      .update(sysToken)
      .set({ revokeTime: sql`localtimestamp(0)` as never })
      .where(and(eq(sysToken.jti, refreshJti), eq(sysToken.kind, 'refresh'), isNull(sysToken.revokeTime)))
      .returning({ jti: sysToken.jti, family: sysToken.family });
    const own = rows[0];
    if (own) {
      await db
        .update(sysToken)
        .set({ expireTime: sql`least(${sysToken.expireTime}, localtimestamp(0) + make_interval(secs => ${ACCESS_GRACE_SECONDS}))` as never })
        .where(and(eq(sysToken.pairJti, refreshJti), eq(sysToken.kind, 'access'), isNull(sysToken.revokeTime)));
      this.onRevoked();
      return own.family ?? refreshJti;
    }
    await db.execute(sql`update sys_token set revoke_time = localtimestamp(0)
      where family = (select coalesce(family, jti) from sys_token where jti = ${refreshJti}) and revoke_time is null`);
    this.onRevoked();
    return null;
  }

  /** Drops every live token of a user (password reset, removal), except the pair of `keepJti` if given. */
  async revokeUser(tenantId: string, userId: string, db: DbLike = this.db, keepJti?: string): Promise<void> {
    const keep = keepJti ? and(ne(sysToken.jti, keepJti), ne(sysToken.pairJti, keepJti)) : undefined;
    await db
      .update(sysToken)
      .set({ revokeTime: sql`localtimestamp(0)` as never })
      .where(and(eq(sysToken.tenantId, tenantId), eq(sysToken.userId, userId), isNull(sysToken.revokeTime), keep));
    this.onRevoked();
  }
}

export function sessionFromClaims(p: JWTPayload): Session {
  const s = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  return {
    jti: p.jti!,
    userId: s('user_id'),
    tenantId: s('tenant_id'),
    account: s('account'),
    userName: s('user_name'),
    realName: s('real_name'),
    nickName: s('nick_name'),
    roleIds: s('role_id').split(',').filter(Boolean),
    roleAliases: s('role_name').split(',').filter(Boolean),
    deptId: s('dept_id'),
    postId: s('post_id'),
    clientId: s('client_id'),
  };
}

/**
 * `Blade-Auth: bearer <jwt>` (prefix case-insensitive), else — only where `queryAllowed` (GET downloads,
 * contract §8.3) — the raw token in the `Blade-Auth` query parameter.
 */
export function tokenFromRequest(headers: Record<string, unknown>, query: unknown, queryAllowed = false): string | null {
  const h = headers['blade-auth'];
  if (typeof h === 'string' && h.length > 7 && h.slice(0, 6).toLowerCase() === 'bearer') return h.slice(7).trim();
  if (!queryAllowed) return null;
  const q = (query as Record<string, unknown> | undefined)?.['Blade-Auth'];
  if (typeof q === 'string' && q.length > 0) return q.replace(/^bearer\s+/i, '');
  return null;
}
