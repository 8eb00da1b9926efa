import dns from 'node:dns/promises';
import net from 'node:net';
import pg from 'pg';
import type mysql from 'mysql2/promise';
import { JDBC_URL_RE } from '@zoo/contract';
import { isAllowedAddress, parseAllowList } from '../../../platform/http/egress';
import { BizError } from '../../../platform/http/errors';

/**
 * Opens short-lived connections to a datasource a platform administrator typed. The host goes through the same
 * egress rule as OSS/SMS endpoints (platform/http/egress.ts): every address the name resolves to must be public
 * or on ALLOW_PRIVATE_ENDPOINTS, and the connection goes to the checked address itself (no second lookup a DNS
 * rebinding could answer differently). Failures become one Chinese sentence; driver texts (which may quote the
 * user name or SQL) never reach the browser.
 */
export interface Target {
  driverClass: string;
  url: string;
  username: string;
  password: string;
}

export interface Parsed {
  kind: 'postgres' | 'mysql';
  host: string;
  port: number;
  database: string;
}

export const CONNECT_TIMEOUT_MS = 5000;

export function parseJdbc(driverClass: string, url: string): Parsed {
  const m = JDBC_URL_RE.exec(url);
  if (!m) throw new BizError('连接地址格式应为 jdbc:postgresql://主机:端口/数据库 或 jdbc:mysql://主机:端口/数据库');
  const kind = m[1] === 'postgresql' ? 'postgres' : 'mysql';
  const expected = driverClass === 'org.postgresql.Driver' ? 'postgres' : 'mysql';
  if (kind !== expected) throw new BizError('连接地址与驱动类不匹配');
  const port = m[3] ? Number(m[3].slice(1)) : kind === 'postgres' ? 5432 : 3306;
  if (port < 1 || port > 65535) throw new BizError('端口号应在 1-65535 之间');
  return { kind, host: m[2]!.replace(/^\[|\]$/g, ''), port, database: m[4]! };
}

/** The address to connect to, after the egress rule. */
async function checkedAddress(host: string, allowList: string): Promise<string> {
  const policy = { allow: parseAllowList(allowList) };
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new BizError(`无法解析主机名 ${host}`);
    }
  }
  if (!addresses.length || addresses.some((a) => !isAllowedAddress(a, policy)))
    throw new BizError('不允许连接该地址(内网地址需在 ALLOW_PRIVATE_ENDPOINTS 中放行)');
  return addresses[0]!;
}

/** The driver's error as one clear Chinese sentence. */
export function explain(e: unknown, p: Parsed): BizError {
  if (e instanceof BizError) return e;
  const err = e as { code?: string; errno?: number; message?: string };
  const code = err.code ?? '';
  const msg = String(err.message ?? '');
  if (code === 'ECONNREFUSED') return new BizError(`连接被拒绝:${p.host}:${p.port} 没有数据库在监听`);
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || /timeout|timed out/i.test(msg))
    return new BizError(`连接超时:${p.host}:${p.port} 在 ${CONNECT_TIMEOUT_MS / 1000} 秒内没有响应`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new BizError(`无法到达主机 ${p.host}`);
  // PostgreSQL 28P01 / 28000, MySQL ER_ACCESS_DENIED_ERROR (1045)
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR' || err.errno === 1045) return new BizError('用户名或密码错误');
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR' || err.errno === 1049) return new BizError(`数据库 ${p.database} 不存在`);
  if (code === 'ECONNRESET' || code === 'PROTOCOL_CONNECTION_LOST') return new BizError('连接被对方关闭,请确认端口上运行的是所选类型的数据库');
  return new BizError('无法连接数据源,请检查连接地址、用户名和密码');
}

export interface Session {
  kind: Parsed['kind'];
  database: string;
  query<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]>;
  version(): Promise<string>;
}

/** Runs `fn` on a fresh connection and always closes it. */
export async function withDatasource<T>(t: Target, allowList: string, fn: (s: Session) => Promise<T>): Promise<T> {
  const p = parseJdbc(t.driverClass, t.url);
  const address = await checkedAddress(p.host, allowList);
  if (p.kind === 'postgres') {
    const c = new pg.Client({
      host: address,
      port: p.port,
      database: p.database,
      user: t.username,
      password: t.password,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: 15000,
    });
    c.on('error', () => {});
    try {
      await c.connect();
    } catch (e) {
      await c.end().catch(() => {});
      throw explain(e, p);
    }
    try {
      return await fn({
        kind: 'postgres',
        database: p.database,
        query: async (text, params) => (await c.query(text, params)).rows,
        version: async () => String((await c.query('select version() as v')).rows[0]?.v ?? ''),
      });
    } finally {
      await c.end().catch(() => {});
    }
  }
  let c: mysql.Connection;
  try {
    const { default: driver } = await import('mysql2/promise'); // loaded at the first MariaDB/MySQL connection
    c = await driver.createConnection({
      host: address,
      port: p.port,
      database: p.database,
      user: t.username,
      password: t.password,
      connectTimeout: CONNECT_TIMEOUT_MS,
    });
  } catch (e) {
    throw explain(e, p);
  }
  c.on('error', () => {});
  try {
    return await fn({
      kind: 'mysql',
      database: p.database,
      query: async <R>(text: string, params: unknown[]) => (await c.query(text, params))[0] as R[],
      version: async () => String(((await c.query('select version() as v'))[0] as Array<{ v: string }>)[0]?.v ?? ''),
    });
  } finally {
    await c.end().catch(() => {});
  }
}
