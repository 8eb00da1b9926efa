import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { zooAdmin } from '../../../../test/zoo-fixtures';

let t: TestApp;
let zooA: string;
let zooB: string;
const base = '/blade-zoo/feedback';
const submit = (token: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/submit`, token, body });

beforeAll(async () => {
  t = await startTestApp();
  zooA = await zooAdmin(t, '320001');
  zooB = await zooAdmin(t, '320002');
});
afterAll(async () => t?.close());

describe('feedback', () => {
  it('validates and creates feedback as open, without a replier', async () => {
    expect((await submit(zooA, { content: '内容' })).body).toMatchObject({ code: 400, msg: '请输入标题' });
    expect((await submit(zooA, { title: '标题' })).body.msg).toBe('请输入反馈内容');
    expect((await submit(zooA, { title: '标题', content: 'x', feedbackType: 7 })).body.msg).toBe('反馈类型取值不正确');
    expect((await submit(zooA, { title: '标题', content: 'x', contactPhone: 'abc' })).body.msg).toBe('联系电话格式不正确');
    expect((await submit(zooA, { title: '标', content: 'x'.repeat(2001) })).body.msg).toBe('反馈内容不能超过2000个字符');
    const res = await submit(zooA, {
      title: '熊猫馆空调噪音大',
      content: '夜间噪音影响休息',
      feedbackType: '2',
      contactName: '张三',
      contactPhone: '13800000000',
    });
    expect(res.body.success).toBe(true);
    const list = await t.request({ url: `${base}/list`, token: zooA, query: { title: '空调' } });
    expect(list.body.data.records).toHaveLength(1);
    expect(list.body.data.records[0]).toMatchObject({
      feedbackType: 2,
      handleState: 1,
      reply: '',
      replyUser: '',
      replyTime: '',
      contactName: '张三',
      createUserName: 'adm320001',
    });
  });

  it('stamps who answered and when; another zoo sees nothing', async () => {
    const [row] = (await t.request({ url: `${base}/list`, token: zooA, query: { title: '空调' } })).body.data.records;
    const res = await submit(zooA, { ...row, handleState: 3, reply: '已更换静音空调' });
    expect(res.body.success).toBe(true);
    const answered = (await t.request({ url: `${base}/detail`, token: zooA, query: { id: row.id } })).body.data;
    expect(answered).toMatchObject({ handleState: 3, reply: '已更换静音空调', replyUserName: 'adm320001' });
    expect(answered.replyTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const byState = await t.request({ url: `${base}/list`, token: zooA, query: { handleState_equal: '3' } });
    expect(byState.body.data.records.map((r: any) => r.id)).toEqual([row.id]);
    expect((await t.request({ url: `${base}/list`, token: zooB })).body.data.total).toBe(0);
    expect((await t.request({ url: `${base}/detail`, token: zooB, query: { id: row.id } })).body.msg).toBe('数据不存在或已被删除');
    expect((await t.request({ method: 'POST', url: `${base}/remove`, token: zooA, query: { ids: row.id } })).body.success).toBe(true);
    expect((await t.request({ url: `${base}/list`, token: zooA })).body.data.total).toBe(0);
  });
});
