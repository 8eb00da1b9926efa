import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { jdbcOf } from '../tool-helpers';
import { applyWiring, type Wiring } from './wiring';

/**
 * The generator's proof: a module generated from a model of a real table, unpacked into a copy of this
 * repository, passes the type-check of contract, server and web, and its own generated API test passes against a
 * real PostgreSQL. Slow (two tsc runs and a nested vitest run), so it is one test.
 */
const run = promisify(execFile);
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const TABLE = 'zoo_heron_watch';

let t: TestApp;
let admin: string;
let tmp = '';
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  await t.sql.query(`create table ${TABLE} (
      id bigint primary key, heron_name varchar(50) not null, weight numeric(6,2), banded_on date,
      seen_at timestamp, flock_size integer, ringed boolean, note text)`);
  await t.sql.query(`comment on table ${TABLE} is '鹭鸟观察'`);
  await t.sql.query(`comment on column ${TABLE}.heron_name is '个体名称'`);
  await t.sql.query(`comment on column ${TABLE}.weight is '体重(kg)'`);
});
afterAll(async () => {
  await t?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A copy of what the type-check and the server tests read, with node_modules linked (our workspaces to the copy). */
async function copyRepo(dir: string) {
  const skip = (src: string) => !/(^|\/)(node_modules|dist|data|\.tmp)(\/|$)/.test(path.relative(REPO, src));
  for (const f of ['package.json', 'tsconfig.base.json']) await cp(path.join(REPO, f), path.join(dir, f));
  await cp(path.join(REPO, 'contract'), path.join(dir, 'contract'), { recursive: true, filter: skip });
  for (const f of ['src', 'test', 'drizzle', 'drizzle.config.ts', 'package.json', 'tsconfig.json', 'vitest.config.ts'])
    await cp(path.join(REPO, 'server', f), path.join(dir, 'server', f), { recursive: true, filter: skip });
  for (const f of ['src', 'package.json', 'tsconfig.json', 'vite.config.ts', 'precompress.ts'])
    await cp(path.join(REPO, 'web', f), path.join(dir, 'web', f), { recursive: true, filter: skip });
  await symlink(path.join(REPO, 'web', 'node_modules'), path.join(dir, 'web', 'node_modules'));
  // Root node_modules: every package linked to the real one, except @zoo/* which must be this copy.
  const nm = path.join(dir, 'node_modules');
  await mkdir(path.join(nm, '@zoo'), { recursive: true });
  for (const e of await readdir(path.join(REPO, 'node_modules'))) {
    if (e === '@zoo') continue;
    await symlink(path.join(REPO, 'node_modules', e), path.join(nm, e));
  }
  for (const w of ['contract', 'server', 'web']) await symlink(path.join(dir, w), path.join(nm, '@zoo', w));
}

const bin = (p: string) => path.join(REPO, 'node_modules', p);
const env = () => ({ ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS')), NO_COLOR: '1' });
// eslint-disable-next-line no-control-regex -- vitest's colours, in case the child still prints them
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

describe('generated module', () => {
  it('type-checks in a copy of the repository and its generated API test passes', async () => {
    const post = (url: string, o: { body?: unknown; query?: Record<string, string> }) => t.request({ method: 'POST', url, token: admin, ...o });
    expect(
      (
        await post('/blade-develop/datasource/submit', {
          body: { name: '本库', driverClass: 'org.postgresql.Driver', ...jdbcOf(t.config.databaseUrl!), password: 'x' },
        })
      ).body.success,
    ).toBe(true);
    const dsId = (await t.request({ url: '/blade-develop/datasource/select', token: admin })).body.data[0].id;
    expect(
      (await post('/blade-develop/model/submit', { body: { datasourceId: dsId, modelName: '鹭鸟观察', modelCode: 'heron', modelTable: TABLE } })).body.success,
    ).toBe(true);
    const modelId = (await t.request({ url: '/blade-develop/model/select', token: admin })).body.data[0].id;
    // Field settings as a person would adjust them: the name is searched, the note takes a whole row.
    const protos = (await t.request({ url: '/blade-develop/model/model-prototype', token: admin, query: { modelId } })).body.data;
    const edited = protos.map((p: Record<string, unknown>) => ({ ...p, isQuery: p.jdbcName === 'heron_name' ? 1 : 0, isRow: p.jdbcName === 'note' ? 1 : 0 }));
    expect((await post('/blade-develop/model-prototype/submit-list', { body: edited })).body.success).toBe(true);
    const code = {
      modelId,
      serviceName: 'zoo',
      codeName: '鹭鸟观察',
      tableName: 'zoo_heron',
      tablePrefix: 'zoo_',
      pkName: 'id',
      packageName: 'heron',
      baseMode: 1,
      wrapMode: 2,
      apiPath: '/zoo-heron/heron',
      webPath: '/zoo/heron',
    };
    expect((await post('/blade-develop/code/submit', { body: code })).body.success).toBe(true);
    const codeId = (await t.request({ url: '/blade-develop/code/list', token: admin })).body.data.records[0].id;
    const gen = await post('/blade-develop/code/gen-code', { query: { ids: codeId, system: 'saber' } });
    expect(gen.body.success).toBe(true);
    const dl = await t.app.inject({ method: 'GET', url: `/api${gen.body.data.download}&Blade-Auth=${encodeURIComponent(`bearer ${admin}`)}` });
    expect(dl.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(dl.rawPayload));

    tmp = await mkdtemp(path.join(tmpdir(), 'zoo-gen-'));
    await copyRepo(tmp);
    for (const [name, bytes] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(tmp, name)), { recursive: true });
      await writeFile(path.join(tmp, name), bytes);
    }
    const wiring = JSON.parse(strFromU8(files['codegen/heron/wiring.json']!)) as Wiring[];
    for (const w of wiring) {
      const f = path.join(tmp, w.file);
      await writeFile(f, applyWiring(await readFile(f, 'utf8'), w));
    }
    const opts = { env: env(), maxBuffer: 16 * 1024 * 1024, timeout: 900_000 };
    await run(process.execPath, [bin('drizzle-kit/bin.cjs'), 'generate', '--name', 'heron'], { ...opts, cwd: path.join(tmp, 'server') });
    const migrations = await readdir(path.join(tmp, 'server', 'drizzle'));
    const mine = migrations.find((m) => m.endsWith('_heron.sql'))!;
    expect(await readFile(path.join(tmp, 'server', 'drizzle', mine), 'utf8')).toContain('CREATE TABLE "zoo_heron"');

    // The exit status and both streams: a crash that writes only to stderr is a failure too. The generated
    // contract is imported by the server and the web code, so their two runs check it under both settings.
    const exec = (args: string[], cwd: string) =>
      run(process.execPath, args, { ...opts, cwd }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code?: number | string; signal?: string; stdout?: string; stderr?: string }) => ({
          code: e.code ?? e.signal ?? 'failed',
          stdout: e.stdout ?? '',
          stderr: e.stderr ?? '',
        }),
      );
    for (const p of ['server', 'web']) {
      const tsc = await exec([bin('typescript/bin/tsc'), '-p', p], tmp);
      expect(tsc, `tsc -p ${p}`).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    const vt = await exec([bin('vitest/vitest.mjs'), 'run', 'src/modules/zoo/heron/heron.test.ts'], path.join(tmp, 'server'));
    expect(plain(`${vt.stdout}\n${vt.stderr}`)).toMatch(/Tests\s+3 passed \(3\)/);
    expect(vt.code, plain(vt.stderr)).toBe(0);
  }, 1_200_000);
});
