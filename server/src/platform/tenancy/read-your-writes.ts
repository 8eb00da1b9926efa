import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Read-your-writes across hot standbys (decision 0055). The server keeps nothing between requests, and another
 * instance may answer the caller's next call, so the caller carries its last write's position: a write's response
 * sets the cookie `zoo_wal` to the primary's WAL position after its COMMIT, and the browser sends it back with
 * every call to /api (same origin: the web client needs no code for it). A read-only call goes to a standby only
 * once that standby has replayed past it. The cookie lives as long as the lag limit (plus a second): by then any
 * standby still in use holds every commit older than the limit, the write among them.
 *
 * It carries a position only, no right: a forged one at worst sends its own caller's reads to the primary.
 */
const COOKIE = 'zoo_wal';
const LSN = /^[0-9A-Fa-f]{1,8}\/[0-9A-Fa-f]{1,8}$/;
const FIND = /(?:^|;\s*)zoo_wal=([^;]*)/;

/** The caller's last write position, when it sent a well-formed one. */
export function lastWriteOf(req: FastifyRequest): string | undefined {
  const v = FIND.exec(req.headers.cookie ?? '')?.[1];
  return v && LSN.test(v) ? v : undefined;
}

/** Gives the caller the position its next reads must wait for (the primary's after this call's COMMIT). */
export function rememberWrite(req: FastifyRequest, reply: FastifyReply, lsn: string, maxLagMs: number): void {
  if (!LSN.test(lsn)) return;
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${COOKIE}=${lsn}; Path=/api; Max-Age=${Math.ceil(maxLagMs / 1000) + 1}; HttpOnly; SameSite=Strict${secure}`);
}
