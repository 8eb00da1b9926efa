import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, expect } from 'vitest';
import { jdbcOf } from '../src/modules/tool/tool-helpers';
import { startTestApp, type TestApp } from './harness';

/**
 * A development-tool test file's world: the app, the platform admin, a commented PostgreSQL table in the app's own
 * database, and on the MariaDB beside it (127.0.0.1:3306, root without password, database test) an account that
 * may read `test` — and, when asked, a commented table of its own. Names carry a random suffix: files run at once.
 */
export interface ToolWorld {
  t: TestApp;
  admin: string;
  my: mysql.Connection;
  suffix: string;
  pgTable: string;
  myTable: string;
  MYSQL_USER: string;
}

/** Builds the world once for the file (beforeAll) and removes what it made on MariaDB afterwards. */
export function useToolWorld(opts: { mysqlTable?: boolean } = {}): ToolWorld {
  const suffix = randomBytes(3).toString('hex');
  const w = { suffix, pgTable: `zoo_dt_bird_${suffix}`, myTable: `zoo_dt_egg_${suffix}`, MYSQL_USER: `zoo_dt_${suffix}` } as ToolWorld;
  beforeAll(async () => {
    w.t = await startTestApp();
    w.admin = await w.t.login();
    const { t, pgTable, myTable, MYSQL_USER } = w;
    await t.sql.query(`create table ${pgTable} (id bigint primary key, ring_no varchar(30) not null, wing_span numeric(6,2), hatched date, remark text)`);
    await t.sql.query(`comment on table ${pgTable} is '鸟类环志'`);
    await t.sql.query(`comment on column ${pgTable}.ring_no is '环志编号'`);
    w.my = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
    if (opts.mysqlTable)
      await w.my.query(
        `create table ${myTable} (id bigint primary key comment '主键', clutch varchar(20) not null comment '窝号', weight decimal(6,2), laid datetime) comment '蛋'`,
      );
    await w.my.query(`create user '${MYSQL_USER}'@'%' identified by 'right-pw'`);
    await w.my.query(`grant select on test.* to '${MYSQL_USER}'@'%'`);
  });
  afterAll(async () => {
    if (opts.mysqlTable) await w.my?.query(`drop table if exists ${w.myTable}`).catch(() => {});
    await w.my?.query(`drop user if exists '${w.MYSQL_USER}'@'%'`).catch(() => {});
    await w.my?.end();
    await w.t?.close();
  });
  return w;
}

/** Calls as the platform admin, the two datasource forms (the app's own database, the MariaDB account), and adding one. */
export function toolCalls(w: ToolWorld) {
  const post = (url: string, o: { body?: unknown; query?: Record<string, string>; token?: string } = {}) =>
    w.t.request({ method: 'POST', url, token: o.token ?? w.admin, body: o.body, query: o.query });
  const get = (url: string, query?: Record<string, string>, token = w.admin) => w.t.request({ url, token, query });
  const pgForm = () => ({
    name: `本库-${w.suffix}`,
    driverClass: 'org.postgresql.Driver',
    ...jdbcOf(w.t.config.databaseUrl!),
    password: 'any',
    remark: '测试',
  });
  const myForm = (password = 'right-pw') => ({
    name: `MariaDB-${w.suffix}`,
    driverClass: 'com.mysql.cj.jdbc.Driver',
    url: 'jdbc:mysql://127.0.0.1:3306/test',
    username: w.MYSQL_USER,
    password,
  });
  const addDatasource = async (form: Record<string, unknown>): Promise<string> => {
    const res = await post('/blade-develop/datasource/submit', { body: form });
    expect(res.body).toMatchObject({ success: true });
    const list = (await get('/blade-develop/datasource/list', { name: String(form.name) })).body.data.records;
    return list[0].id as string;
  };
  return { post, get, pgForm, myForm, addDatasource };
}
