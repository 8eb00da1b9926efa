import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { createTenantUser } from '../../../../test/fixtures';
import { rpcSignature } from './aliyun-sms';
import { tc3Signature } from './tencent-sms';

/**
 * A local stand-in for the Aliyun and Tencent SMS APIs: it recomputes each request's signature from what
 * arrived on the wire (the signing functions are checked against the providers' documented examples in
 * signing.test.ts) and answers like the provider does.
 */
const SECRETS: Record<string, string> = { 'ali-ak': 'ali-secret', 'tc-ak': 'tc-secret' };
const received: Array<{ provider: string; body: any }> = [];
const standIn = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.headers['x-tc-action']) {
      const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
      const ts = Number(req.headers['x-tc-timestamp']);
      const expected =
        m && SECRETS[m[1]!]
          ? tc3Signature({
              secretKey: SECRETS[m[1]!]!,
              service: 'sms',
              host: req.headers.host!,
              contentType: req.headers['content-type']!,
              payload: raw,
              timestamp: ts,
            })
          : null;
      const ok =
        m && expected && expected.signature === m[4] && expected.scope === m[2] && m[3] === 'content-type;host' && Math.abs(Date.now() / 1000 - ts) < 300;
      if (!ok)
        return res.end(
          JSON.stringify({
            Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'tc-bad' },
          }),
        );
      const body = JSON.parse(raw);
      received.push({
        provider: 'tencent',
        body: { ...body, action: req.headers['x-tc-action'], version: req.headers['x-tc-version'], region: req.headers['x-tc-region'] },
      });
      return res.end(
        JSON.stringify({
          Response: { SendStatusSet: body.PhoneNumberSet.map((p: string) => ({ Code: 'Ok', Message: 'send success', PhoneNumber: p })), RequestId: 'tc-req-1' },
        }),
      );
    }
    const params = Object.fromEntries(new URLSearchParams(raw));
    const { Signature, ...rest } = params;
    const secret = SECRETS[rest.AccessKeyId ?? ''];
    if (!secret || rpcSignature('POST', rest, secret) !== Signature)
      return res.end(
        JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'ali-bad' }),
      );
    received.push({ provider: 'aliyun', body: rest });
    return res.end(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'ali-req-1', BizId: '1' }));
  });
});

let t: TestApp;
let admin: string;
let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  t = await startTestApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => standIn.close(r));
});

const send = (query: Record<string, string>, token = admin) => t.request({ method: 'POST', url: '/blade-resource/sms/endpoint/send-message', token, query });
const submit = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/blade-resource/sms/submit', token: admin, body });
const byCode = async (smsCode: string) => (await t.request({ url: '/blade-resource/sms/list', token: admin, query: { smsCode } })).body.data.records[0];
const aliyun = (smsCode: string, o: Record<string, unknown> = {}) => ({
  category: 3,
  smsCode,
  templateId: 'SMS_001',
  accessKey: 'ali-ak',
  secretKey: 'ali-secret',
  signName: '动物园',
  endpoint,
  ...o,
});
const tencent = (smsCode: string) => ({
  category: 4,
  smsCode,
  templateId: '1001',
  accessKey: 'tc-ak',
  secretKey: 'tc-secret',
  signName: '动物园',
  appId: '1400000000',
  endpoint,
});

describe('send-message validation', () => {
  it.each([
    [{ phones: '' }, '手机号码不能为空'],
    [{}, '手机号码不能为空'],
    [{ phones: '1380013800' }, '手机号码长度不为11位'],
    [{ phones: '13800138000,138001380001' }, '手机号码长度不为11位'],
    [{ phones: '23800138000' }, '手机号码格式不正确'],
    [{ phones: '13800138000', params: 'code=1' }, '短信参数格式不正确,应为 JSON 对象,如 {"code":"1234"}'],
    [{ phones: '13800138000', params: '[1,2]' }, '短信参数格式不正确,应为 JSON 对象,如 {"code":"1234"}'],
  ])('refuses %j: %s', async (query, msg) => {
    const res = await send(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });
});

describe('default log-only sender', () => {
  it('writes each message to the usual log when no configuration is enabled', async () => {
    const res = await send({ phones: '13800138000, 13900139000', params: '{"code":"1234"}' });
    expect(res.body.data).toMatchObject({ provider: 'log', phones: ['13800138000', '13900139000'] });
    await t.app.zoo.logs.flush();
    const logs = await t.request({ url: '/blade-log/usual/list', token: admin, query: { logId: 'sms' } });
    const entry = logs.body.data.records.find((r: any) => r.logData.includes(res.body.data.requestId));
    expect(JSON.parse(entry.logData)).toMatchObject({ provider: 'log', phones: ['13800138000', '13900139000'], params: { code: '1234' } });
    expect(entry).toMatchObject({ logLevel: 'INFO', requestUri: '/api/blade-resource/sms/endpoint/send-message', createBy: 'admin' });
  });
});

describe('signed providers against the stand-in', () => {
  it('sends through the enabled Aliyun configuration with a valid signature', async () => {
    await submit(aliyun('ali-1'));
    const cfg = await byCode('ali-1');
    await t.request({ method: 'POST', url: '/blade-resource/sms/enable', token: admin, query: { id: cfg.id } });
    const res = await send({ phones: '13800138000', params: '{"code":"6789","name":"熊猫"}' });
    expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
    expect(res.body.data).toEqual({ provider: 'aliyun', phones: ['13800138000'], requestId: 'ali-req-1' });
    expect(received.at(-1)).toMatchObject({
      provider: 'aliyun',
      body: {
        Action: 'SendSms',
        Version: '2017-05-25',
        PhoneNumbers: '13800138000',
        SignName: '动物园',
        TemplateCode: 'SMS_001',
        TemplateParam: '{"code":"6789","name":"熊猫"}',
      },
    });
  });

  it('reports the provider refusing a wrong secret', async () => {
    await submit(aliyun('ali-bad', { secretKey: 'wrong' }));
    const res = await send({ code: 'ali-bad', phones: '13800138000' });
    expect(res.status).toBe(400);
    // The provider's error code, never its free text.
    expect(res.body.msg).toBe('短信发送失败,服务商拒绝了请求 (错误码 SignatureDoesNotMatch)');
  });

  it('sends through a named Tencent configuration (TC3-HMAC-SHA256)', async () => {
    await submit(tencent('tc-1'));
    const res = await send({ code: 'tc-1', phones: '13800138000,13900139000', params: '{"code":"1234","minutes":"5"}' });
    expect(res.body.data).toEqual({ provider: 'tencent', phones: ['13800138000', '13900139000'], requestId: 'tc-req-1' });
    expect(received.at(-1)).toMatchObject({
      provider: 'tencent',
      body: {
        action: 'SendSms',
        version: '2021-01-11',
        region: 'ap-guangzhou',
        PhoneNumberSet: ['+8613800138000', '+8613900139000'],
        SmsSdkAppId: '1400000000',
        TemplateId: '1001',
        TemplateParamSet: ['1234', '5'],
      },
    });
  });

  it('says which providers are not supported', async () => {
    await submit({ category: 1, smsCode: 'yunpian', templateId: 't', accessKey: 'a', secretKey: 's', signName: 'x' });
    expect((await send({ code: 'yunpian', phones: '13800138000' })).body.msg).toBe('暂不支持该短信服务商 (云片、七牛),请使用阿里云、腾讯云或日志输出');
  });
});

describe('sms configurations', () => {
  it('masks the secret, names the category and requires the Tencent app id', async () => {
    const rec = await byCode('tc-1');
    expect(rec).toMatchObject({ categoryName: '腾讯云', secretKey: '******', appId: '1400000000' });
    const { appId: _a, ...noApp } = tencent('tc-2');
    expect((await submit(noApp)).body.msg).toBe('请输入应用ID (SmsSdkAppId)');
    expect((await submit({ category: 3, smsCode: 'x' })).body.msg).toBe('请输入模板ID');
    expect((await submit({ category: 5, smsCode: 'log-1' })).body.success).toBe(true);
  });

  it('enables one configuration at a time', async () => {
    const tc = await byCode('tc-1');
    await t.request({ method: 'POST', url: '/blade-resource/sms/enable', token: admin, query: { id: tc.id } });
    const all = (await t.request({ url: '/blade-resource/sms/list', token: admin, query: { size: '100' } })).body.data.records;
    expect(all.filter((r: any) => r.status === 2).map((r: any) => r.smsCode)).toEqual(['tc-1']);
    expect((await send({ phones: '13800138000' })).body.data.provider).toBe('tencent');
  });

  it("uses only the caller tenant's configurations", async () => {
    await createTenantUser(t.sql, { tenantId: '700001', account: 'zoo_admin', password: 'pw', roleAlias: 'admin' });
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id)
      select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.tenant_id = '700001' and m.code like 'sms%'`);
    const zoo = await t.login('zoo_admin', 'pw', '700001');
    // The platform tenant has Tencent enabled; the zoo has nothing, so the log-only sender is used.
    expect((await send({ phones: '13800138000' }, zoo)).body.data.provider).toBe('log');
    expect((await send({ code: 'tc-1', phones: '13800138000' }, zoo)).body.msg).toBe('配置不存在: tc-1');
  });

  it('needs the sms_debug button to send', async () => {
    await createTenantUser(t.sql, { tenantId: '000000', account: 'keeper', password: 'pw', roleAlias: 'keeper' });
    const keeper = await t.login('keeper', 'pw', '000000');
    expect((await send({ phones: '13800138000' }, keeper)).status).toBe(403);
  });
});
