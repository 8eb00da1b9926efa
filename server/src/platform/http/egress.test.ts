import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASIC, LOOPBACK_ALLOWED, startTestApp, type TestApp } from '../../../test/harness';
import { PNG_1PX, multipart } from '../../../test/upload-helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { egressFor, guardedLookup, isAllowedAddress, parseAllowList } from './egress';

/**
 * Server-side request forgery: OSS and SMS endpoints are typed by tenant administrators. By default no request
 * leaves for loopback, private, link-local or metadata addresses; refused, closed and strange destinations all
 * answer the same message; a provider's text is never reflected.
 */

/** A service on loopback that must never be reached by the strict server (it counts what arrives). */
let hits = 0;
const internal = http.createServer((req, res) => {
  hits++;
  if (req.url?.startsWith('/redirect')) {
    res.writeHead(302, { location: `${base()}/after-redirect` });
    return res.end();
  }
  res.setHeader('content-type', 'text/plain');
  res.end('internal secret: db password is hunter2');
});
const base = () => `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;

let t: TestApp;
let admin: string;
/** The same database behind a server that allows loopback (the operator's ALLOW_PRIVATE_ENDPOINTS). */
let lenient: FastifyInstance;

beforeAll(async () => {
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  t = await startTestApp({ ALLOW_PRIVATE_ENDPOINTS: '' });
  admin = await t.login();
  lenient = await buildApp(loadConfig({ DATABASE_URL: t.config.databaseUrl!, LOG_LEVEL: 'silent', ...LOOPBACK_ALLOWED }), t.database, { logger: false });
});
afterAll(async () => {
  await lenient?.close();
  await t?.close();
  await new Promise((r) => internal.close(r));
});

const call = async (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  o: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
) => {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    query: o.query,
    payload: o.body as never,
    headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}`, ...o.headers },
  });
  return { status: res.statusCode, body: res.json() };
};
const smsConfig = (smsCode: string, endpoint: string) => ({
  category: 3,
  smsCode,
  templateId: 'SMS_001',
  accessKey: 'ak',
  secretKey: 'sk',
  signName: '动物园',
  endpoint,
});
const ossConfig = (ossCode: string, endpoint: string) => ({
  category: 1,
  ossCode,
  endpoint,
  accessKey: 'ak',
  secretKey: 'sk',
  bucketName: 'zoo',
  region: 'cn',
});
const send = (app: FastifyInstance, code: string) => call(app, 'POST', '/blade-resource/sms/endpoint/send-message', { query: { code, phones: '13800138000' } });
const put = (app: FastifyInstance, code: string) => {
  const m = multipart('a.png', PNG_1PX);
  return call(app, 'POST', '/blade-resource/oss/endpoint/put-file', { query: { code }, body: m.body, headers: m.headers });
};

describe('address rule', () => {
  it('allows public unicast only, unless the operator lists a range', () => {
    const none = { allow: [] };
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
    ])
      expect(isAllowedAddress(ip, none), ip).toBe(false);
    for (const ip of ['8.8.8.8', '114.114.114.114', '2001:4860:4860::8888']) expect(isAllowedAddress(ip, none), ip).toBe(true);
    const lan = { allow: parseAllowList('10.0.0.0/8, 127.0.0.1') };
    expect(isAllowedAddress('10.9.9.9', lan)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', lan)).toBe(true);
    expect(isAllowedAddress('127.0.0.2', lan)).toBe(false);
    expect(() => parseAllowList('not-an-ip')).toThrow();
  });

  it('refuses a name that resolves to a forbidden address (checked on the connection, not on the text)', async () => {
    const lookup = guardedLookup({ allow: [] });
    const err = await new Promise<Error | null>((r) => lookup('localhost', {}, (e) => r(e)));
    expect(err?.message).toBe('address');
    // A URL naming a loopback literal in any spelling is refused before connecting.
    const egress = egressFor('');
    for (const u of [
      'http://127.0.0.1/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::1]/',
      'http://[::ffff:7f00:1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:80/',
      'file:///etc/passwd',
    ])
      expect(() => egress.check(u), u).toThrow();
    expect(() => egress.check('https://dysmsapi.aliyuncs.com/')).not.toThrow();
  });
});

describe('OSS and SMS endpoints', () => {
  it('refuses to save an endpoint naming a loopback, private or metadata address', async () => {
    for (const endpoint of [base(), 'http://169.254.169.254', 'http://10.0.0.5:9000', 'http://[::1]:9000']) {
      const sms = await call(t.app, 'POST', '/blade-resource/sms/submit', { body: smsConfig(`s${hits}`, endpoint) });
      expect(sms.status, endpoint).toBe(400);
      expect(sms.body.msg).toMatch(/^服务地址不能指向本机、内网或链路本地地址/);
      const oss = await call(t.app, 'POST', '/blade-resource/oss/submit', { body: ossConfig('o1', endpoint) });
      expect(oss.status, endpoint).toBe(400);
    }
    // The operator's allow list lets it through.
    expect((await call(lenient, 'POST', '/blade-resource/sms/submit', { body: smsConfig('sms-internal', base()) })).status).toBe(200);
    expect((await call(lenient, 'POST', '/blade-resource/oss/submit', { body: ossConfig('oss-internal', base()) })).status).toBe(200);
  });

  it('sends nothing to a configuration stored with an internal endpoint, and answers like an unreachable one', async () => {
    hits = 0;
    const sms = await send(t.app, 'sms-internal');
    const oss = await put(t.app, 'oss-internal');
    expect(hits).toBe(0);
    expect(sms).toMatchObject({ status: 400, body: { msg: '短信服务不可用,请检查短信配置的服务地址' } });
    expect(oss.status).toBe(400);
    expect(oss.body.msg).toBe('对象存储上传失败: 对象存储服务不可用,请检查对象存储配置的服务地址、空间名和密钥');

    // Where the operator allowed it: an open port answering text, a closed port — the same message, no reflection.
    const open = await send(lenient, 'sms-internal');
    expect(hits).toBe(1);
    expect(open.body.msg).toBe(sms.body.msg);
    expect(JSON.stringify(open.body)).not.toContain('hunter2');
    const closedPort = 'http://127.0.0.1:9';
    expect((await call(lenient, 'POST', '/blade-resource/sms/submit', { body: smsConfig('sms-closed', closedPort) })).status).toBe(200);
    expect((await send(lenient, 'sms-closed')).body.msg).toBe(sms.body.msg);
    expect((await call(lenient, 'POST', '/blade-resource/oss/submit', { body: ossConfig('oss-closed', closedPort) })).status).toBe(200);
    expect((await put(lenient, 'oss-closed')).body.msg).toBe(oss.body.msg);
  });

  it('does not follow a redirect', async () => {
    expect((await call(lenient, 'POST', '/blade-resource/sms/submit', { body: smsConfig('sms-redirect', `${base()}/redirect`) })).status).toBe(200);
    hits = 0;
    const res = await send(lenient, 'sms-redirect');
    expect(res.body.msg).toBe('短信服务不可用,请检查短信配置的服务地址');
    // The redirect itself was the one request; its target was never asked.
    expect(hits).toBe(1);
  });
});
