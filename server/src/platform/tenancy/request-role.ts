import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { postgresRequests, rowsOf, type Db } from '../../db/client';
import { storedSecret } from '../auth/signing-key';
import { payCommit } from './request-connection';

/**
 * The login role requests connect as (docs/decisions/0039; PostgREST's "authenticator" pattern): it holds nothing
 * but membership of the restricted role `zoo_app`, without inheriting its rights (NOINHERIT). A request
 * transaction switches to `zoo_app` in its opening; should any statement leave that role (`reset role`,
 * `set role none`), it is left with no right on any table, and it can never become the owner. Owner work
 * (migrations, seeding) keeps the owner's pool; cross-tenant request transactions (platform calls, jobs) log in as the
 * owner on a pipelined pool of their own (`crossTenantPoolFor`).
 *
 * One role per database (roles are cluster-wide; several databases of the product may share a cluster), named
 * from the database's name; its password is generated on first start and kept in sys_secret, so every instance
 * logs in alike.
 */
export interface RequestLogin {
  role: string;
  password: string;
}

const HEX = /^[0-9a-f]+$/;

/** Creates or checks the request role of the owner's database; throws a message a DBA can act on when it cannot. */
export async function ensureRequestRole(db: Db): Promise<RequestLogin> {
  const [{ role }] = (await rowsOf<{ role: string }>(db, sql`select 'zoo_req_' || left(md5(current_database()), 12) as role`)) as [{ role: string }];
  const password = await storedSecret(db, 'request_role_password', () => randomBytes(24).toString('hex'));
  // DDL takes no bind parameters: the role name and password are written in, both made here of hex digits only.
  if (!HEX.test(role.slice('zoo_req_'.length)) || !HEX.test(password)) throw new Error('request role: unexpected name or password');
  try {
    await db.execute(
      sql.raw(`DO $$ BEGIN
        CREATE ROLE ${role} LOGIN NOINHERIT PASSWORD '${password}';
      EXCEPTION WHEN duplicate_object THEN
        ALTER ROLE ${role} LOGIN NOINHERIT PASSWORD '${password}';
      END $$`),
    );
    await db.execute(sql.raw(`GRANT zoo_app TO ${role}`));
    await db.execute(sql.raw(`GRANT CONNECT ON DATABASE "${await databaseName(db)}" TO ${role}`));
  } catch (e) {
    throw new Error(
      `无法创建请求角色 ${role}: ${(e as Error).message}。数据库管理员可执行: ` +
        `CREATE ROLE ${role} LOGIN NOINHERIT PASSWORD '<密码>'; GRANT zoo_app TO ${role}; ` +
        `并在 sys_secret 中保存 name='request_role_password' 的同一密码 (或授予 DATABASE_URL 的用户 CREATEROLE)`,
      { cause: e },
    );
  }
  return { role, password };
}

async function databaseName(db: Db): Promise<string> {
  const [{ name }] = (await rowsOf<{ name: string }>(db, sql`select current_database() as name`)) as [{ name: string }];
  return name.replace(/"/g, '""');
}

/**
 * The pool requests run on: DATABASE_URL's server and database (or a hot standby's, decision 0055), logged in as
 * the request role, pipelined. `extra`: pool options (a standby's connection timeout).
 */
export function requestPool(url: string, login: RequestLogin, max: number, timeZone: string, extra: pg.PoolConfig = {}): pg.Pool {
  const u = new URL(url);
  u.username = login.role;
  u.password = login.password;
  return pipelinedPool(u.toString(), max, timeZone, extra);
}

function pipelinedPool(url: string, max: number, timeZone: string, extra: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, options: `-c TimeZone=${timeZone}`, pipeline: true, ...extra } as pg.PoolConfig);
  pool.on('error', (e) => console.warn(`数据库空闲连接已断开: ${e.message}`));
  // A read-only request's COMMIT may still be owed on a connection (request-connection.ts): it goes out first.
  pool.on('acquire', payCommit);
  return pool;
}

/**
 * The pool cross-tenant request transactions run on (the platform administrator's calls, jobs): the owner's login,
 * which row-level security does not bind, pipelined like the request pool so those calls cost one round trip too.
 * The owner's own pool stays unpipelined for migrations and the rest of the owner's work. Opened on first use.
 */
export function crossTenantPoolFor(db: Db): pg.Pool | undefined {
  const r = postgresRequests(db);
  if (!r) return undefined;
  r.crossTenantPool ??= pipelinedPool(r.url, r.max, r.timeZone);
  return r.crossTenantPool;
}

/**
 * The request pool of a PostgreSQL database (openPostgres), opened on first use: its role is created or checked
 * then, after the migrations made `zoo_app`. Undefined for PGlite. A failure is retried by the next request.
 */
export function requestPoolFor(db: Db): Promise<pg.Pool> | undefined {
  const r = postgresRequests(db);
  if (!r) return undefined;
  if (!r.pool) {
    const login = ensureRequestRole(db);
    const opening = login.then((l) => requestPool(r.url, l, r.max, r.timeZone));
    opening.catch(() => r.pool === opening && ((r.pool = undefined), (r.login = undefined)));
    r.pool = opening;
    r.login = login;
  }
  return r.pool;
}
