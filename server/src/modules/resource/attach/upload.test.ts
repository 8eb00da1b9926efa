import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { startS3, type TestS3 } from '../../../../test/s3-server';
import { createTenantUser } from '../../../../test/fixtures';
import { EXE, GIF, HTML, JPEG, PDF, PNG_1PX, multipart, padded } from '../../../../test/upload-helpers';

let t: TestApp;
let admin: string;
let zoo: string;
let uploadDir: string;
let s3: TestS3;
let s3Url: string;

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-uploads-'));
  t = await startTestApp({ UPLOAD_DIR: uploadDir, UPLOAD_MAX_MB: '0.1' });
  admin = await t.login();
  await createTenantUser(t.sql, { tenantId: '500001', account: 'zoo_admin', password: 'pw', roleAlias: 'admin' });
  await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id)
    select r.tenant_id, r.id, m.id from blade_role r cross join blade_menu m where r.tenant_id = '500001' and m.code like 'attach%'`);
  zoo = await t.login('zoo_admin', 'pw', '500001');
  s3 = await startS3();
  s3Url = s3.url;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

const upload = (url: string, name: string, content: Buffer, query: Record<string, string> = {}, token = zoo) => {
  const m = multipart(name, content);
  return t.request({ method: 'POST', url, token, query, body: m.body, headers: m.headers });
};
const putFile = (name: string, content: Buffer, query?: Record<string, string>, token?: string) =>
  upload('/blade-resource/oss/endpoint/put-file', name, content, query, token);
const putAttach = (name: string, content: Buffer, query?: Record<string, string>, token?: string) =>
  upload('/blade-resource/oss/endpoint/put-file-attach', name, content, query, token);
const get = (link: string) => t.app.inject({ method: 'GET', url: link });

describe('local storage (no configuration enabled)', () => {
  it('stores an upload and serves it back with its real content type', async () => {
    const res = await putFile('熊猫.png', PNG_1PX);
    expect(res.body.msg).toBe('操作成功');
    const d = res.body.data;
    expect(d.originalName).toBe('熊猫.png');
    expect(d.domain).toBe('/api/blade-resource/oss/endpoint/file');
    expect(d.name).toMatch(/^upload\/500001\/\d{8}\/[0-9a-f-]{36}\.png$/);
    expect(d.link).toBe(`${d.domain}/${d.name}`);
    expect(d.attachId).toBeUndefined();
    expect(fs.existsSync(path.join(uploadDir, d.name))).toBe(true);
    const file = await get(d.link);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox; /);
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('answers 404 for unknown or malformed object names', async () => {
    expect((await get('/api/blade-resource/oss/endpoint/file/upload/500001/20240101/00000000-0000-0000-0000-000000000000.png')).statusCode).toBe(404);
    expect((await get('/api/blade-resource/oss/endpoint/file/../../package.json')).statusCode).toBe(404);
    expect((await get('/api/blade-resource/oss/endpoint/file/upload%2F..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('put-file-attach also records an attachment; removing it deletes the file', async () => {
    const res = await putAttach('report.pdf', PDF);
    const d = res.body.data;
    expect(d.attachId).toMatch(/^\d+$/);
    const detail = await t.request({ url: '/blade-resource/attach/detail', token: zoo, query: { id: d.attachId } });
    expect(detail.body.data).toMatchObject({
      link: d.link,
      domain: d.domain,
      name: d.name,
      originalName: 'report.pdf',
      extension: 'pdf',
      attachSize: PDF.length,
      ossId: '',
    });
    const list = await t.request({ url: '/blade-resource/attach/list', token: zoo, query: { originalName: 'report' } });
    expect(list.body.data.records.map((r: any) => r.id)).toContain(d.attachId);
    const served = await get(d.link);
    expect(served.headers['content-type']).toBe('application/pdf');
    // A PDF may carry JavaScript: from the app's origin it only downloads, and runs nothing if opened.
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f-]+\.pdf"$/);
    expect(served.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);

    expect((await t.request({ method: 'POST', url: '/blade-resource/attach/remove', token: zoo, query: { ids: d.attachId } })).body.success).toBe(true);
    expect((await get(d.link)).statusCode).toBe(404);
    expect((await t.request({ url: '/blade-resource/attach/detail', token: zoo, query: { id: d.attachId } })).body.msg).toBe('数据不存在或已被删除');
  });

  it('lets submit rename an uploaded attachment but not repoint it', async () => {
    const d = (await putAttach('a.png', PNG_1PX)).body.data;
    const res = await t.request({
      method: 'POST',
      url: '/blade-resource/attach/submit',
      token: zoo,
      body: { id: d.attachId, link: 'http://evil.example/x', originalName: '新名字.png' },
    });
    expect(res.body.success).toBe(true);
    const row = (await t.request({ url: '/blade-resource/attach/detail', token: zoo, query: { id: d.attachId } })).body.data;
    expect(row).toMatchObject({ originalName: '新名字.png', link: d.link, name: d.name });
  });
});

describe('content sniffing and limits', () => {
  it.each([
    ['a disguised executable', 'photo.jpg', EXE, '不支持的文件类型 (exe)'],
    ['HTML named as an image', 'photo.png', HTML, '不支持的文件类型'],
    ['a PNG named as JPEG', 'photo.jpg', PNG_1PX, '文件内容与扩展名不符: 文件名为 .jpg,内容为 png'],
    ['binary bytes named .txt', 'notes.txt', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff]), '不支持的文件类型'],
    ['an empty file', 'a.png', Buffer.alloc(0), '上传的文件为空'],
  ])('refuses %s', async (_what, name, content, msg) => {
    const res = await putAttach(name, content);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(msg);
  });

  it('accepts UTF-8 text under a text name', async () => {
    const res = await putFile('notes.txt', Buffer.from('饲养记录\n第一天: 正常\n'));
    expect(res.body.data.name).toMatch(/\.txt$/);
    expect((await get(res.body.data.link)).headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('refuses a file above UPLOAD_MAX_MB and leaves no attachment row', async () => {
    const before = (await t.sql.query(`select count(*)::int as n from blade_attach`)).rows[0].n;
    const res = await putAttach('big.pdf', padded(PDF, 120 * 1024));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('文件大小不能超过 102KB');
    expect((await t.sql.query(`select count(*)::int as n from blade_attach`)).rows[0].n).toBe(before);
  });

  it('avatars: JPG or PNG only, at most 500 KB', async () => {
    expect((await putFile('me.jpg', JPEG, { type: 'avatar' })).body.data.name).toMatch(/\.jpg$/);
    const gif = await putFile('me.gif', GIF, { type: 'avatar' });
    expect(gif.body.msg).toBe('头像只能是 JPG 或 PNG 格式的图片');
    const pdf = await putFile('me.png', PDF, { type: 'avatar' });
    expect(pdf.body.msg).toBe('头像只能是 JPG 或 PNG 格式的图片');
  });

  it('refuses a request without the file field or not multipart', async () => {
    const wrong = multipart('a.png', PNG_1PX, 'upload');
    const res = await t.request({ method: 'POST', url: '/blade-resource/oss/endpoint/put-file', token: zoo, body: wrong.body, headers: wrong.headers });
    expect(res.body.msg).toBe('请选择要上传的文件 (字段 file)');
    const json = await t.request({ method: 'POST', url: '/blade-resource/oss/endpoint/put-file', token: zoo, body: { a: 1 } });
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe('请以 multipart/form-data 方式上传文件 (字段 file)');
  });

  it('refuses an anonymous upload', async () => {
    const m = multipart('a.png', PNG_1PX);
    const res = await t.request({ method: 'POST', url: '/blade-resource/oss/endpoint/put-file', body: m.body, headers: m.headers });
    expect(res.status).toBe(401);
  });
});

describe('avatar size limit', () => {
  it('refuses an avatar above 500 KB even when the general limit is larger', async () => {
    const big = await startTestApp({ UPLOAD_DIR: uploadDir, UPLOAD_MAX_MB: '5' });
    try {
      const token = await big.login();
      const m = multipart('me.png', padded(PNG_1PX, 501 * 1024));
      const res = await big.request({
        method: 'POST',
        url: '/blade-resource/oss/endpoint/put-file',
        token,
        query: { type: 'avatar' },
        body: m.body,
        headers: m.headers,
      });
      expect(res.body.msg).toBe('头像图片大小不能超过 500KB');
      const ok = multipart('me.png', padded(PNG_1PX, 499 * 1024));
      const res2 = await big.request({
        method: 'POST',
        url: '/blade-resource/oss/endpoint/put-file',
        token,
        query: { type: 'avatar' },
        body: ok.body,
        headers: ok.headers,
      });
      expect(res2.body.success).toBe(true);
    } finally {
      await big.close();
    }
  });
});

describe('S3-compatible storage (local S3 server)', () => {
  let code = 0;
  const addConfig = async (o: Record<string, unknown>) => {
    const ossCode = `s3-${++code}`;
    const body = { category: 1, ossCode, endpoint: s3Url, accessKey: 'S3RVER', secretKey: 'S3RVER', bucketName: 'zoo-bucket', ...o };
    const res = await t.request({ method: 'POST', url: '/blade-resource/oss/submit', token: admin, body });
    expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
    const list = await t.request({ url: '/blade-resource/oss/list', token: admin, query: { ossCode: body.ossCode as string } });
    return list.body.data.records[0] as { id: string; ossCode: string };
  };

  it('uploads to the enabled configuration, serves through the bucket link, and removes the object', async () => {
    const cfg = await addConfig({});
    await t.request({ method: 'POST', url: '/blade-resource/oss/enable', token: admin, query: { id: cfg.id } });
    const res = await putAttach('长颈鹿.jpg', JPEG, {}, admin);
    expect(res.body.msg, JSON.stringify(res.body)).toBe('操作成功');
    const d = res.body.data;
    expect(d.domain).toBe(`${s3Url}/zoo-bucket`);
    expect(d.link).toBe(`${s3Url}/zoo-bucket/${d.name}`);
    const fetched = await fetch(d.link);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(JPEG)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toBe('inline');
    const row = (await t.request({ url: '/blade-resource/attach/detail', token: admin, query: { id: d.attachId } })).body.data;
    expect(row.ossId).toBe(cfg.id);

    await t.request({ method: 'POST', url: '/blade-resource/attach/remove', token: admin, query: { ids: d.attachId } });
    expect((await fetch(d.link)).status).toBe(404);
  });

  it('objects other than raster images download from the bucket link too (Content-Disposition kept on the object)', async () => {
    const cfg = await addConfig({ ossCode: 'disposition' });
    for (const [name, bytes] of [
      ['report.pdf', PDF],
      ['page.html', HTML],
    ] as const) {
      const res = await putFile(name, bytes, { code: cfg.ossCode }, admin);
      if (!res.body.success) continue; // a type the upload refuses outright never reaches the bucket
      const fetched = await fetch(res.body.data.link);
      expect(fetched.status, name).toBe(200);
      expect(fetched.headers.get('content-disposition'), name).toMatch(/^attachment; filename="[0-9a-f-]+\.\w+"$/);
    }
    const pdf = await putFile('report.pdf', PDF, { code: cfg.ossCode }, admin);
    expect(pdf.body.success).toBe(true);
    const png = await fetch((await putFile('x.png', PNG_1PX, { code: cfg.ossCode }, admin)).body.data.link);
    expect(png.headers.get('content-disposition')).toBe('inline');
  });

  it('put-file?code uses the named configuration; the local disk stays the default for other tenants', async () => {
    const cfg = await addConfig({ ossCode: 'named-one' });
    const res = await putFile('x.png', PNG_1PX, { code: cfg.ossCode }, admin);
    expect(res.body.data.domain).toBe(`${s3Url}/zoo-bucket`);
    expect((await putFile('x.png', PNG_1PX, { code: 'nope' }, admin)).body.msg).toBe('配置不存在: nope');
    // Tenant 500001 has no configuration of its own: local disk.
    expect((await putFile('x.png', PNG_1PX)).body.data.domain).toBe('/api/blade-resource/oss/endpoint/file');
  });

  it('reports a storage refusal (wrong secret) as a clear error and keeps no attachment row', async () => {
    const cfg = await addConfig({ secretKey: 'WRONG' });
    const before = (await t.sql.query(`select count(*)::int as n from blade_attach`)).rows[0].n;
    const res = await putAttach('x.png', PNG_1PX, { code: cfg.ossCode }, admin);
    expect(res.status).toBe(400);
    // The service's error code, not its message text.
    expect(res.body.msg).toBe('对象存储上传失败: 服务拒绝了请求 (错误码 SignatureDoesNotMatch)');
    expect((await t.sql.query(`select count(*)::int as n from blade_attach`)).rows[0].n).toBe(before);
  });
});
