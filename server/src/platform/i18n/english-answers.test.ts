import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { seed } from '../../seed';
import { languageOf } from './request-language';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(async () => t?.close());

const EN = { 'accept-language': 'en' };
type Item = { dictKey: string; dictValue: string; dictValueEn: string };
const dictionary = async (code: string, headers: Record<string, string> = {}) =>
  (await t.request({ url: '/blade-system/dict/dictionary', token: admin, query: { code }, headers })).body.data as Item[];
const labelOf = (items: Item[], key: string) => items.find((i) => i.dictKey === key)?.dictValueEn;

describe('English labels of dictionaries (decision 0049)', () => {
  it('every seeded system dictionary entry and root has an English label, the issue’s examples among them', async () => {
    const { rows } = await t.sql.query(`select code, dict_key, dict_value from blade_dict where is_deleted = 0 and dict_value_en = ''`);
    expect(rows).toEqual([]);
    expect(labelOf(await dictionary('animal_sex'), '1')).toBe('Male');
    expect(labelOf(await dictionary('animal_sex'), '2')).toBe('Female');
    expect(labelOf(await dictionary('animal_status'), '1')).toBe('In care');
    expect(labelOf(await dictionary('protection_class'), '1')).toBe('National Class I');
    expect((await dictionary('transfer_status')).map((i) => i.dictValueEn)).toEqual(['Awaiting confirmation', 'Accepted', 'Rejected', 'Withdrawn']);
    // The Chinese label stays what it was, whatever language asks.
    expect((await dictionary('animal_sex', EN)).find((i) => i.dictKey === '1')?.dictValue).toBe('雄');
  });

  it('a business dictionary entry takes an English label from its form; a blank one is stored empty', async () => {
    const body = { code: 'feed_kind', dictKey: -1, dictValue: '饲料类别', dictValueEn: 'Feed kind', sort: 1, isSealed: 0 };
    expect((await t.request({ method: 'POST', url: '/blade-system/dict-biz/submit', token: admin, body })).body.success).toBe(true);
    const root = (await t.sql.query(`select id::text from blade_dict_biz where code = 'feed_kind' and dict_key = '-1'`)).rows[0].id as string;
    const child = { code: 'feed_kind', dictKey: '1', dictValue: '鲜肉', dictValueEn: '', sort: 1, isSealed: 0, parentId: root };
    expect((await t.request({ method: 'POST', url: '/blade-system/dict-biz/submit', token: admin, body: child })).body.success).toBe(true);
    const { rows } = await t.sql.query(`select dict_key, dict_value_en from blade_dict_biz where code = 'feed_kind' order by dict_key`);
    expect(rows).toEqual([
      { dict_key: '-1', dict_value_en: 'Feed kind' },
      { dict_key: '1', dict_value_en: '' },
    ]);
    const items = (await t.request({ url: '/blade-system/dict-biz/dictionary', token: admin, query: { code: 'feed_kind' } })).body.data as Item[];
    expect(items).toEqual([expect.objectContaining({ dictKey: '1', dictValue: '鲜肉', dictValueEn: '' })]);
  });

  it('an install from before the column gets the English labels from the seed, never over an administrator’s edit', async () => {
    await t.sql.query(`update blade_dict set dict_value_en = '' where code in ('animal_sex', 'cage_type')`);
    await t.sql.query(`update blade_dict set dict_value = '公' where code = 'animal_sex' and dict_key = '1'`);
    await seed(t.database, { demo: false });
    const { rows } = await t.sql.query(`select dict_key, dict_value_en from blade_dict where code = 'animal_sex' and dict_key in ('1', '2') order by dict_key`);
    expect(rows).toEqual([
      { dict_key: '1', dict_value_en: '' },
      { dict_key: '2', dict_value_en: 'Female' },
    ]);
    expect(labelOf(await dictionary('cage_type'), '1')).toBe('Indoor');
    await t.sql.query(`update blade_dict set dict_value = '雄', dict_value_en = 'Male' where code = 'animal_sex' and dict_key = '1'`);
  });

  it('names the server derives from a dictionary follow the request’s language', async () => {
    const page = async (headers: Record<string, string>) =>
      (await t.request({ url: '/blade-system/post/list', token: admin, query: { size: '50' }, headers })).body.data.records as Array<{ categoryName: string }>;
    const zh = (await page({})).map((r) => r.categoryName);
    const en = (await page(EN)).map((r) => r.categoryName);
    expect(zh.length).toBeGreaterThan(0);
    expect(zh.every((n) => /[\u4e00-\u9fff]/.test(n))).toBe(true);
    expect(en.every((n) => ['Senior', 'Middle', 'Junior', 'Other'].includes(n))).toBe(true);
  });
});

describe('messages in the request’s language', () => {
  const submit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/blade-system/dict/submit', token: admin, body, headers });
  const valid = { code: 'lang_probe', dictKey: '1', dictValue: '探针', sort: 1, isSealed: 0 };

  it('validation messages: English for Accept-Language en, Chinese by default and for a Chinese preference', async () => {
    expect((await submit({ ...valid, dictValue: undefined }, EN)).body).toMatchObject({ code: 400, success: false, msg: 'Please enter the dictionary label' });
    expect((await submit({ ...valid, code: '' }, { 'accept-language': 'en-US,en;q=0.9' })).body.msg).toBe('Please enter the dictionary code');
    expect((await submit({ ...valid, dictValue: 'x'.repeat(300) }, EN)).body.msg).toBe('Dictionary label must be at most 255 characters');
    expect((await submit({ ...valid, dictValue: undefined })).body.msg).toBe('请输入字典名称');
    expect((await submit({ ...valid, dictValue: undefined }, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).body.msg).toBe('请输入字典名称');
    const badType = await t.request({ url: '/blade-system/dict/detail', token: admin, query: { id: 'abc' }, headers: EN });
    expect(badType.body.code).toBe(400);
    expect(badType.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('business rules, rights and the success message', async () => {
    expect((await submit(valid, EN)).body).toMatchObject({ success: true, msg: 'Success' });
    expect((await submit(valid)).body).toMatchObject({ code: 400, msg: '当前字典键值已存在!' });
    expect((await submit(valid, EN)).body).toMatchObject({ code: 400, msg: 'This dictionary key already exists!' });
    const anonymous = await t.request({ url: '/blade-system/dict/dictionary', query: { code: 'sex' }, headers: EN });
    expect(anonymous.body).toMatchObject({ code: 401, msg: 'Missing token: authentication failed' });
    const species = await t.request({ url: '/zoo-animal/animal/detail', token: admin, query: { id: '1' }, headers: EN });
    expect(species.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('a failed sign-in is refused in English (OAuth error_description)', async () => {
    const c = await t.captcha();
    const res = await t.request({
      method: 'POST',
      url: '/blade-auth/oauth/token',
      query: { tenantId: '000000', username: 'admin', password: 'wrong', grant_type: 'captcha', scope: 'all', type: 'account' },
      headers: { 'tenant-id': '000000', 'captcha-key': c.key, 'captcha-code': c.code, ...EN },
    });
    expect(res.body.error_description).toBe('Wrong user name or password');
  });

  it('reads Accept-Language by weight', () => {
    expect(languageOf(undefined)).toBe('zh');
    expect(languageOf('en')).toBe('en');
    expect(languageOf('fr-FR,en;q=0.5')).toBe('en');
    expect(languageOf('en;q=0.2,zh;q=0.8')).toBe('zh');
    expect(languageOf('de')).toBe('zh');
    expect(languageOf('en;q=0')).toBe('zh');
  });
});

describe('names the platform ships', () => {
  it('the seeded processes are named in English for an English request, in Chinese by default', async () => {
    const names = async (headers: Record<string, string>) =>
      (
        (await t.request({ url: '/blade-flow/work/start-list', token: admin, query: { size: '50' }, headers })).body.data.records as Array<{ name: string }>
      ).map((r) => r.name);
    expect(await names({})).toEqual(expect.arrayContaining(['请假流程', '存栏变动审批']));
    expect(await names(EN)).toEqual(expect.arrayContaining(['Leave', 'Stock movement approval']));
  });
});
