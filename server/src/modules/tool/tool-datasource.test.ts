import net from 'node:net';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { toolCalls, useToolWorld } from '../../../test/tool-fixtures';
import { jdbcOf } from './tool-helpers';
import { open } from '../../platform/crypto/sealed-box';
import { datasourceKey, LEGACY_DEV_DATASOURCE_KEY } from './datasource/datasource-key';
import { buildApp } from '../../app';

// Datasources: the password sealed at rest, connections tested, and the key's rotation.
const w = useToolWorld();
const { post, get, pgForm, myForm, addDatasource } = toolCalls(w);
const { suffix, pgTable } = w;
let t: TestApp;
beforeAll(() => {
  ({ t } = w);
});

describe('datasources', () => {
  it('keeps the password encrypted at rest, never returns it, and masks it in the audit trail', async () => {
    const id = await addDatasource(myForm());
    const { rows } = await t.sql.query(`select password from blade_datasource where id = $1`, [id]);
    expect(rows[0].password).not.toContain('right-pw');
    expect(rows[0].password).toMatch(/^v1\./);
    expect(open(await datasourceKey(t.app), rows[0].password)).toBe('right-pw');
    const detail = (await get('/blade-develop/datasource/detail', { id })).body.data;
    expect(detail).toMatchObject({ name: `MariaDB-${suffix}`, hasPassword: true });
    expect(JSON.stringify(detail)).not.toMatch(/right-pw|v1[.:]/);
    expect(JSON.stringify((await get('/blade-develop/datasource/list')).body)).not.toMatch(/right-pw|v1[.:]/);
    const audit = await t.sql.query(`select changes::text as c from sys_audit where table_name = 'blade_datasource' and record_id = $1`, [id]);
    expect(audit.rows.length).toBeGreaterThan(0);
    expect(audit.rows.map((r) => r.c).join()).not.toMatch(/right-pw|v1[.:]/);
    // An update with a blank password keeps the stored one; a new password replaces it.
    expect((await post('/blade-develop/datasource/submit', { body: { ...myForm(''), id, remark: '改' } })).body.success).toBe(true);
    const kept = await t.sql.query(`select password from blade_datasource where id = $1`, [id]);
    expect(open(await datasourceKey(t.app), kept.rows[0].password)).toBe('right-pw');
    expect((await post('/blade-develop/datasource/test', { body: { id } })).body.data.version).toMatch(/MariaDB/);
    await post('/blade-develop/datasource/remove', { query: { ids: id } });
  });

  it('without DATASOURCE_KEY seals under a key generated into the database; the old development key’s values are re-sealed at start', async () => {
    expect(t.config.datasourceKey).toBeUndefined();
    const stored = await t.sql.query(`select value from sys_secret where name = 'datasource'`);
    expect(stored.rows[0].value).toMatch(/^[0-9a-f]{64}$/);
    expect((await datasourceKey(t.app)).toString('hex')).toBe(stored.rows[0].value);
    // A row saved by a server that still used the development literal (v1: base64 under its SHA-256).
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', createHash('sha256').update(LEGACY_DEV_DATASOURCE_KEY).digest(), iv);
    const body = Buffer.concat([c.update('right-pw', 'utf8'), c.final()]);
    const old = ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(':');
    const id = await addDatasource(myForm());
    await t.sql.query(`update blade_datasource set password = $2 where id = $1`, [id, old]);
    // Still usable before any restart.
    expect((await post('/blade-develop/datasource/test', { body: { id } })).body.data.version).toMatch(/MariaDB/);
    // The next start re-seals it under the generated key.
    const restarted = await buildApp(t.config, t.database, { logger: false });
    try {
      await restarted.ready();
      const now = (await t.sql.query(`select password from blade_datasource where id = $1`, [id])).rows[0].password as string;
      expect(now).toMatch(/^v1\./);
      expect(open(await datasourceKey(t.app), now)).toBe('right-pw');
    } finally {
      await restarted.close();
    }
    await post('/blade-develop/datasource/remove', { query: { ids: id } });
  });

  it('validates the form with Chinese messages', async () => {
    const bad = async (body: Record<string, unknown>) => (await post('/blade-develop/datasource/submit', { body })).body.msg;
    expect(await bad({ ...pgForm(), name: '' })).toBe('请输入数据源名称');
    expect(await bad({ ...pgForm(), driverClass: 'oracle' })).toBe('请选择驱动类');
    expect(await bad({ ...pgForm(), url: 'http://x' })).toMatch(/^连接地址格式应为/);
    expect(await bad({ ...pgForm(), password: '' })).toBe('请输入密码');
  });

  it('tests connections with a clear message for refused, timeout, bad password and unknown database', async () => {
    const ok = await post('/blade-develop/datasource/test', { body: pgForm() });
    expect(ok.body.data.version).toMatch(/PostgreSQL/);
    // Refused: a port nothing listens on.
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await post('/blade-develop/datasource/test', { body: { ...pgForm(), url: `jdbc:postgresql://127.0.0.1:${port}/x` } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(`连接被拒绝:127.0.0.1:${port} 没有数据库在监听`);
    // Timeout: a listener that accepts and never answers.
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const sport = (silent.address() as net.AddressInfo).port;
    const slow = await post('/blade-develop/datasource/test', { body: { ...pgForm(), url: `jdbc:postgresql://127.0.0.1:${sport}/x` } });
    silent.close();
    expect(slow.body.msg).toBe(`连接超时:127.0.0.1:${sport} 在 5 秒内没有响应`);
    const wrong = await post('/blade-develop/datasource/test', { body: myForm('wrong-pw') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('用户名或密码错误');
    const nodb = await post('/blade-develop/datasource/test', {
      body: { ...pgForm(), url: jdbcOf(t.config.databaseUrl!).url.replace(/\/[^/]+$/, '/zoo_no_such_db') },
    });
    expect(nodb.body.msg).toBe('数据库 zoo_no_such_db 不存在');
    const mismatch = await post('/blade-develop/datasource/test', { body: { ...pgForm(), driverClass: 'com.mysql.cj.jdbc.Driver' } });
    expect(mismatch.body.msg).toBe('连接地址与驱动类不匹配');
  }, 30_000);

  it('refuses private addresses unless ALLOW_PRIVATE_ENDPOINTS lists them', async () => {
    const strict = await startTestApp({ ALLOW_PRIVATE_ENDPOINTS: '' });
    try {
      const token = await strict.login();
      const res = await strict.request({ method: 'POST', url: '/blade-develop/datasource/test', token, body: pgForm() });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/^不允许连接该地址/);
      const meta = await strict.request({
        method: 'POST',
        url: '/blade-develop/datasource/test',
        token,
        body: { ...pgForm(), url: 'jdbc:postgresql://169.254.169.254:5432/x' },
      });
      expect(meta.body.msg).toMatch(/^不允许连接该地址/);
    } finally {
      await strict.close();
    }
  });

  it('select lists live datasources; remove refuses one a model uses', async () => {
    const id = await addDatasource(pgForm());
    const sel = (await get('/blade-develop/datasource/select')).body.data;
    expect(sel).toContainEqual({ id, name: `本库-${suffix}`, driverClass: 'org.postgresql.Driver' });
    const m = await post('/blade-develop/model/submit', { body: { datasourceId: id, modelName: '环志', modelCode: `ring_${suffix}`, modelTable: pgTable } });
    expect(m.body.success).toBe(true);
    const blocked = await post('/blade-develop/datasource/remove', { query: { ids: id } });
    expect(blocked.body.msg).toBe('数据源已被数据模型使用,请先删除对应的数据模型');
  });
});
