import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { BASIC, startTestApp, type TestApp } from './harness';

/**
 * Malformed input over every operation of /api/openapi.json, signed in as the platform administrator and
 * anonymous: huge ids, U+0000, non-numbers, impossible dates, integers above 32 bits, wrong JSON types, garbage
 * and malformed multipart bodies. Nothing may answer 5xx, no body may show a stack, SQL or a server path, and no
 * such request may add to the error log. Anonymous callers of protected operations get a 401 and no field message.
 */

interface Param {
  name: string;
  in: string;
}
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  enum?: unknown[];
  minLength?: number;
  items?: Schema;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Operations anyone may call (contract access 'public'): their refusals may name fields. */
const PUBLIC = [
  '/api/blade-auth/oauth/token',
  '/api/blade-auth/oauth/token/refresh',
  '/api/blade-auth/oauth/captcha',
  'GET /api/blade-auth/oauth/logout',
  '/api/blade-system/tenant/info',
  '/api/blade-user/register-guest',
  '/api/blade-auth/oauth/providers',
  '/api/blade-auth/oauth/render/',
  '/api/blade-auth/oauth/callback/',
  '/api/blade-resource/oss/endpoint/file/',
  // Sensors authenticate with their Device-Key, not a session: a public route to the session layer.
  'POST /api/zoo-cage/humiture/ingest',
  // Flow images and the upload check are fetched by <img>, iframes and the upload widget (contract §8.4).
  '/api/blade-flow/process/resource-view',
  '/api/blade-flow/process/diagram-view',
  '/api/blade-flow/manager/check-upload',
];
const isPublic = (method: string, path: string) => PUBLIC.some((p) => (p.includes(' ') ? p === `${method} ${path}` : path.startsWith(p)));

/** Values every query parameter and filter is tried with. */
const BAD_VALUES = [
  '9223372036854775808', // 2^63: one past bigint
  'a\u0000b',
  'abc',
  '1.5',
  '2147483648', // 2^31: one past integer
  '2024-13-45 25:61:61',
  '2024-02-30',
  '',
];
/** Filters every list accepts by the map convention (contract §1.2), declared or not. */
const LIST_KEYS = ['createTime', 'createTime_datege', 'id_equal', 'status', 'sort_lt'];
/** Their values: what a number or date column cannot hold (U+0000 is one rule for every key, tried above). */
const LIST_VALUES = ['abc', '1.5', '9223372036854775808', '2147483648', '2024-13-45 25:61:61'];
/** Values every body property is tried with: wrong JSON types too. */
const BAD_BODY_VALUES: unknown[] = [
  '9223372036854775808',
  2 ** 40,
  -(2 ** 40),
  1.5,
  'a\u0000b',
  '2024-13-45 25:61:61',
  { nested: 'a\u0000' },
  [1, 'x'],
  true,
  'x'.repeat(5_000),
];

/** A plausible value of a property, so that one bad property is not hidden behind missing required ones. */
function plausible(s: Schema): unknown {
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return plausible(s.anyOf[0]!);
  switch (s.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return '1';
  }
}

/** What no answer may show: a stack frame, SQL text, a server path. */
const LEAK =
  /\bat \S+ \(|node_modules|\/server\/src\/|\.ts:\d+|\b(select|insert into|update \w+ set|delete from)\b[^"]{0,200}\b(from|where|values)\b|syntax error|violates|relation "|column "/i;

const DB_REFUSAL = '请求参数格式不正确或超出范围';

let t: TestApp;
let token: string;
let ops: Array<{ method: string; path: string; op: Operation }>;

beforeAll(async () => {
  t = await startTestApp({ API_LOG: 'off' });
  token = await t.login();
  const spec = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(spec.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}|\*/g, 'x'), op })),
  );
});
afterAll(async () => t?.close());

interface Outcome {
  status: number;
  body: string;
  what: string;
}

/** Runs the requests `concurrency` at a time (the server's pool has 4 connections). */
async function runAll(requests: Array<{ opts: InjectOptions; what: string }>, concurrency = 8): Promise<Outcome[]> {
  const out: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      const res = await t.app.inject(r.opts);
      out.push({ status: res.statusCode, body: res.body, what: r.what });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

function requestsFor(authed: boolean) {
  const headers = { authorization: BASIC, 'tenant-id': '000000', ...(authed ? { 'blade-auth': `bearer ${token}` } : {}) };
  const list: Array<{ opts: InjectOptions; what: string }> = [];
  for (const { method, path, op } of ops) {
    // Logging out would end the session the rest of the run uses.
    if (authed && path.endsWith('/oauth/logout') && method === 'GET') continue;
    const add = (what: string, o: Partial<InjectOptions>) =>
      list.push({ what: `${method} ${path} ${what}`, opts: { method: method as 'GET', url: path, ...o, headers: { ...headers, ...(o.headers as object) } } });
    const params = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    for (const key of params) for (const v of BAD_VALUES) add(`?${key}=${JSON.stringify(v)}`, { query: { [key]: v } });
    if (path.endsWith('/list') || path.endsWith('/page'))
      for (const key of LIST_KEYS.filter((k) => !params.includes(k))) for (const v of LIST_VALUES) add(`?${key}=${v}`, { query: { [key]: v } });

    // Headers the server reads as input (tenant, role and department switches, captcha, audit reason).
    if (path.endsWith('/oauth/token') || path.endsWith('/blade-user/info') || path.endsWith('/dept/submit'))
      for (const h of ['tenant-id', 'role-id', 'dept-id', 'captcha-key', 'captcha-code', 'audit-reason'])
        for (const v of ['9223372036854775808', '1.5', 'abc', '%00', '%E4%B8', 'x'.repeat(5000)])
          add(`header ${h}=${v.slice(0, 20)}`, { headers: { [h]: v }, query: { grant_type: 'password', username: 'admin', password: 'x' } });

    if (method !== 'POST') continue;
    const schema = op.requestBody?.content['application/json']?.schema;
    const props = schema?.properties ?? {};
    const base = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, plausible(s)]));
    for (const key of Object.keys(props))
      for (const v of BAD_BODY_VALUES) add(`body.${key}=${JSON.stringify(v).slice(0, 40)}`, { payload: { ...base, [key]: v } });
    add('garbage JSON', { payload: '{"a": [1, 2', headers: { 'content-type': 'application/json' } });
    add('JSON array', { payload: '[1,2,3]', headers: { 'content-type': 'application/json' } });
    add('JSON string', { payload: '"x\\u0000"', headers: { 'content-type': 'application/json' } });
    add('form body', { payload: 'a=1&b=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    add('multipart without boundary', { payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } });
    add('malformed multipart', {
      payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    add('multipart with bad part header', {
      payload: '--zz\r\nContent-Disposition\r\n\r\nxx\r\n--zz--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
  }
  return list;
}

function check(outcomes: Outcome[]) {
  const fails = outcomes.filter((o) => o.status >= 500).map((o) => `${o.status} ${o.what}: ${o.body.slice(0, 200)}`);
  const leaks = outcomes.filter((o) => o.status >= 400 && LEAK.test(o.body)).map((o) => `${o.status} ${o.what}: ${o.body.slice(0, 300)}`);
  expect(fails).toEqual([]);
  expect(leaks).toEqual([]);
  // The schema layer and the list filters refuse these values; the database's own refusal (the error handler's
  // backstop) must not be what answered.
  const backstop = outcomes.filter((o) => o.body.includes(DB_REFUSAL)).map((o) => `${o.status} ${o.what}`);
  expect(backstop).toEqual([]);
}

describe('malformed input over every operation', () => {
  it('signed in: never 5xx, never a stack, SQL or path', async () => {
    const requests = requestsFor(true);
    expect(ops.length).toBeGreaterThan(200);
    const outcomes = await runAll(requests);
    check(outcomes);
    // Still signed in at the end: the run did not test a logged-out server.
    expect((await t.request({ url: '/blade-auth/oauth/user-info', token })).status).toBe(200);
    // The schema layer refused most of it; none of it was an error-log entry.
    const { rows } = await t.sql.query('select count(*)::int as n from blade_log_error');
    expect(rows[0].n).toBe(0);
  }, 300_000);

  it('anonymous: never 5xx; protected operations answer 401 before any field message', async () => {
    // Public operations get every malformed value; a protected one answers 401 before reading any input, so one
    // malformed value per place of input (each query key, body field, header, the raw bodies) proves it: the
    // signed-in pass above already sends every value to every operation.
    const seen = new Set<string>();
    const requests = requestsFor(false).filter((r) => {
      const [method, path, what] = r.what.split(' ');
      if (isPublic(method!, path!)) return true;
      const place = `${method} ${path} ${/^(\?|body\.|header )/.test(what!) ? r.what.slice(0, r.what.indexOf('=')) : r.what}`;
      return !seen.has(place) && !!seen.add(place);
    });
    const outcomes = await runAll(requests);
    check(outcomes);
    const byOp = outcomes.filter((o) => {
      const [method, path] = o.what.split(' ');
      return !isPublic(method!, path!);
    });
    expect(byOp.length).toBeGreaterThan(ops.length);
    expect(byOp.filter((o) => o.status !== 401).map((o) => `${o.status} ${o.what} ${o.body.slice(0, 120)}`)).toEqual([]);
    const { rows } = await t.sql.query('select count(*)::int as n from blade_log_error');
    expect(rows[0].n).toBe(0);
  }, 300_000);

  it('the examples of the report: NUL, huge ids, bad filters and dates are 400 with a Chinese message', async () => {
    const nulToken = await t.request({ method: 'POST', url: '/blade-auth/oauth/token', query: { username: 'a\u0000', password: 'x', grant_type: 'password' } });
    expect(nulToken.status).toBe(400);
    expect(nulToken.body.msg).toBe('请求参数不能包含空字符 (U+0000)');
    const nulDomain = await t.request({ url: '/blade-system/tenant/info', query: { domain: '\u0000' } });
    expect(nulDomain.status).toBe(400);

    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['/blade-user/detail', { id: '9223372036854775808' }, /ID格式不正确/],
      ['/blade-log/api/list', { createTime: 'abc' }, /.*/],
      ['/blade-log/api/list', { createTime_datege: '2024-13-45 25:61:61' }, /日期格式/],
      ['/zoo-animal/animal/list', { cageId: '1.5' }, /参数 cageId: 请求参数类型错误/],
      ['/zoo-animal/animal/list', { cageId: '9223372036854775808' }, /参数 cageId: 请求参数类型错误/],
      ['/blade-desk/notice/list', { category: '2147483648' }, /参数 category: 请求参数类型错误/],
      ['/blade-desk/notice/list', { releaseTime_datege: '2024-02-30' }, /日期格式/],
    ];
    for (const [url, query, msg] of cases) {
      const r = await t.request({ url, query, token });
      // A LIKE on a timestamp compares its text: 200 and nothing found, not a database error.
      if (url === '/blade-log/api/list') expect([200, 400]).toContain(r.status);
      else expect(r.status, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(r.body.msg ?? '', url).toMatch(msg);
    }
    // A multipart body cut off in the middle of the file part.
    const cut = await t.request({
      method: 'POST',
      url: '/blade-resource/oss/endpoint/put-file',
      token,
      body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    expect(cut).toMatchObject({ status: 400, body: { msg: '上传内容格式不正确,请重新选择文件上传' } });
    const sort = await t.request({
      method: 'POST',
      url: '/blade-system/dept/submit',
      token,
      body: { deptName: 'x', fullName: 'x', deptCategory: 1, sort: 2 ** 40 },
    });
    expect(sort.status).toBe(400);
    expect(sort.body.msg).toMatch(/sort|排序/);
  });

  it('authenticates before reading the body: an anonymous 5 MB body is refused with 401, unparsed', async () => {
    const big = JSON.stringify({ deptName: 'x'.repeat(5 * 1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/api/blade-system/dept/submit', payload: big, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('缺失令牌,鉴权失败');
    // A field message only once signed in.
    const authed = await t.request({ method: 'POST', url: '/blade-system/dept/submit', token, body: {} });
    expect(authed.status).toBe(400);
    // Anonymous bodies are small: a large one to a public endpoint is refused before parsing.
    const pub = await t.app.inject({ method: 'POST', url: '/api/blade-auth/oauth/token', payload: big, headers: { 'content-type': 'application/json' } });
    expect(pub.statusCode).toBe(413);
  });
});
