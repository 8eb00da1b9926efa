import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { PDF, PNG_1PX, multipart } from '../../../../test/upload-helpers';
import { createTenantUser } from '../../../../test/fixtures';
import { makePark, zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
let parkA: string;
const base = '/zoo-biz-attach/bizAttach';
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });

const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zoo-bizattach-'));
const upload = async (token: string, name: string, content: Buffer, attach = true) => {
  const m = multipart(name, content);
  const res = await t.request({
    method: 'POST',
    url: `/blade-resource/oss/endpoint/${attach ? 'put-file-attach' : 'put-file'}`,
    token,
    body: m.body,
    headers: m.headers,
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data as { link: string; attachId?: string };
};

beforeAll(async () => {
  t = await startTestApp({ UPLOAD_DIR: uploadDir });
  zooA = await zooAdmin(t, '300001');
  zooB = await zooAdmin(t, '300002');
  parkA = await makePark(t, zooA, '北园');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

describe('business attachments', () => {
  it('stores a link of the zoo’s own storage on a zoo record, naming it from the link when no name is given', async () => {
    const plain = await upload(zooA, '园区图.png', PNG_1PX, false);
    expect((await submit(zooA, { bizType: 'park', bizId: parkA, link: plain.link, attachId: '' })).body.success).toBe(true);
    const pdf = await upload(zooA, 'plan.pdf', PDF);
    expect((await submit(zooA, { bizType: 'park', bizId: parkA, link: pdf.link, originalName: '平面图.pdf', attachId: pdf.attachId })).body.success).toBe(true);
    const list = await t.request({ url: `${base}/list`, token: zooA, query: { bizType: 'park', bizId: parkA } });
    const name = plain.link.split('/').pop();
    expect(list.body.data.records.map((r: any) => [r.originalName, r.attachId])).toEqual([
      ['平面图.pdf', pdf.attachId],
      [name, ''],
    ]);
  });

  it('refuses outside links, another zoo’s files and attachment ids, and a link that is not the attachment’s', async () => {
    const mine = await upload(zooA, 'a.pdf', PDF);
    const theirs = await upload(zooB, 'b.pdf', PDF);
    const msg = async (body: Record<string, unknown>) => (await submit(zooA, { bizType: 'park', bizId: parkA, ...body })).body.msg;
    expect(await msg({ link: 'https://evil.example.com/a.pdf' })).toBe('附件链接只能是本系统存储中的文件');
    expect(await msg({ link: 'http://169.254.169.254/latest/meta-data' })).toBe('附件链接只能是本系统存储中的文件');
    expect(await msg({ link: theirs.link })).toBe('附件链接只能是本系统存储中的文件');
    expect(await msg({ link: '/api/blade-resource/oss/endpoint/file/../../etc/passwd' })).toBe('附件链接只能是本系统存储中的文件');
    expect(await msg({ link: theirs.link, attachId: theirs.attachId })).toBe('所选附件不存在');
    expect(await msg({ link: mine.link.replace(/[0-9a-f]{4}\.pdf$/, '0000.pdf'), attachId: mine.attachId })).toBe('附件链接与所选附件不符');
    const { rows } = await t.sql.query(`select count(*)::int n from zoo_biz_attach where link in ($1, $2)`, [theirs.link, 'https://evil.example.com/a.pdf']);
    expect(rows[0].n).toBe(0);
  });

  it('validates the type, the link and that the record belongs to the zoo', async () => {
    expect((await submit(zooA, { bizType: 'tenant', bizId: parkA, link: 'https://x/a' })).body.msg).toBe(
      '业务类型只能是 park、venue、cage、animal、animal_flag、population、permit',
    );
    expect((await submit(zooA, { bizType: 'park', bizId: parkA, link: 'file:///etc/passwd' })).body.msg).toBe('附件链接不是有效的链接地址');
    expect((await submit(zooA, { bizType: 'park', bizId: parkA })).body.msg).toBe('请输入附件链接');
    expect((await submit(zooB, { bizType: 'park', bizId: parkA, link: 'https://x/a' })).body.msg).toBe('所选园区不存在');
    expect((await submit(zooA, { bizType: 'cage', bizId: parkA, link: 'https://x/a' })).body.msg).toBe('所选笼舍不存在');
  });

  it('needs the edit button of the record it hangs on', async () => {
    const { roleId } = await createTenantUser(t.sql, { tenantId: '300001', account: 'viewer', password: 'pw', roleAlias: 'viewer' });
    await t.sql.query(`insert into blade_role_menu (tenant_id, role_id, menu_id) select '300001', $1, id from blade_menu where code in ('park', 'park_view')`, [
      roleId,
    ]);
    const viewer = await t.login('viewer', 'pw', '300001');
    const res = await submit(viewer, { bizType: 'park', bizId: parkA, link: 'https://x/a' });
    expect(res.status).toBe(403);
    const id = (await t.sql.query(`select id::text from zoo_biz_attach limit 1`)).rows[0].id;
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: viewer, query: { ids: id } })).status).toBe(403);
    expect((await t.request({ url: `${base}/list`, token: viewer })).body.data.total).toBe(2);
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: zooA, query: { ids: id } })).body.success).toBe(true);
  });
});
