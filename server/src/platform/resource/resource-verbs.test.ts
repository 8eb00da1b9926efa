import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { zooAdmin } from '../../../test/zoo-fixtures';

/**
 * Honest resource verbs: a resource's own list parameters (not column filters) are validated with the list query
 * and documented with it; a verb that means something else is named for what it does in OpenAPI while its spec
 * path keeps answering (the paths themselves are exercised by the stock ledger's and the transfers' tests).
 */
let t: TestApp;
let zoo: string;

type Op = { summary?: string; operationId?: string; parameters?: Array<{ name: string; in: string }> };
let paths: Record<string, Record<string, Op>>;

beforeAll(async () => {
  t = await startTestApp();
  zoo = await zooAdmin(t, '300071');
  paths = ((await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: typeof paths }).paths;
});
afterAll(() => t?.close());

const list = (url: string, query: Record<string, string>) => t.request({ url, token: zoo, query: { current: '1', size: '10', ...query } });

describe('list parameters of a resource', () => {
  it.each([
    ['/zoo-stockLog/stockLog/list', { cageId: 'abc' }, '参数 cageId: ID格式不正确'],
    ['/zoo-transfer/transferLog/list', { direction: 'sideways' }, /^参数 direction: .*out.*in/],
    ['/zoo-cage/cage/list', { parkId: '12x' }, '参数 parkId: ID格式不正确'],
    ['/zoo-cage/humiture/alarm/list', { state: 'shut' }, /^参数 state: .*open/],
    ['/zoo-cage/humiture/alarm/list', { mine: 'yes' }, /^参数 mine: /],
  ])('%s refuses %o with 400 and a Chinese message', async (url, query, msg) => {
    const res = await list(url, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false });
    expect(res.body.msg).toMatch(typeof msg === 'string' ? new RegExp(`^${msg}$`) : msg);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('well-formed values are accepted', async () => {
    for (const [url, query] of [
      ['/zoo-stockLog/stockLog/list', { cageId: '123' }],
      ['/zoo-transfer/transferLog/list', { direction: 'in' }],
      ['/zoo-cage/cage/list', { parkId: '123' }],
      ['/zoo-cage/humiture/alarm/list', { state: 'open', mine: '1' }],
    ] as const) {
      const res = await list(url, query);
      expect(res.body.msg, `${url} ${JSON.stringify(res.body)}`).toBe('操作成功');
      expect(res.body.data.total).toBe(0);
    }
  });

  it('are listed in OpenAPI with the list query', () => {
    const names = (path: string) => (paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names('/api/zoo-stockLog/stockLog/list')).toContain('cageId');
    expect(names('/api/zoo-transfer/transferLog/list')).toContain('direction');
    expect(names('/api/zoo-cage/cage/list')).toContain('parkId');
    expect(names('/api/zoo-cage/humiture/alarm/list')).toEqual(expect.arrayContaining(['state', 'mine']));
  });
});

describe('verbs named for what they do', () => {
  it('the ledger reversal, a transfer proposal and its withdrawal keep their spec paths under their own names', () => {
    expect(paths['/api/zoo-stockLog/stockLog/remove']?.post).toMatchObject({
      operationId: 'stocklog_reverse',
      summary: expect.stringMatching(/^撤销存栏变动登记/),
    });
    expect(paths['/api/zoo-transfer/transferLog/submit']?.post).toMatchObject({ operationId: 'transfer_propose', summary: expect.stringMatching(/^发起转移/) });
    expect(paths['/api/zoo-transfer/transferLog/remove']?.post).toMatchObject({
      operationId: 'transfer_withdraw',
      summary: expect.stringMatching(/^撤回转移/),
    });
    // A verb that is what it says keeps its generic summary and no operation name of its own.
    expect(paths['/api/zoo-cage/cage/remove']?.post?.summary).toBe('删除笼舍');
    expect(paths['/api/zoo-cage/cage/remove']?.post?.operationId).toBeUndefined();
  });
});
