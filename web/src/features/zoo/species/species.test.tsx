import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import SpeciesLibPage from './species.page';

const LIST = 'GET /api/species/species/list';
const SUBMIT = 'POST /api/species/species/submit';
const panda = wholeRow('GET /api/species/species/list', {
  id: '11',
  speciesName: '大熊猫',
  latinName: 'Ailuropoda melanoleuca',
  taxonomyId: '5',
  taxonomyName: '大熊猫',
  className: '哺乳纲',
  orderName: '食肉目',
  familyName: '熊科',
  protectionClass: 1,
  protectionAuthority: 1,
  protectionRemark: '',
  citesAppendix: 'I',
  iucnCategory: 'VU',
  iucnYear: 2016,
  iucnCriteria: '',
  managementMode: 1,
  tempMin: -5,
  tempMax: 26,
  humidityMin: '',
  humidityMax: '',
  gestationMinDays: 83,
  gestationMaxDays: 200,
  breedingAgeYears: 4,
  source: 'verified',
  sourceNote: '',
  remark: '',
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
  isDeleted: 0,
  status: 1,
});

const dicts = dictionaryRoute({
  protection_class: [
    ['0', '无'],
    ['1', '国家一级'],
    ['2', '国家二级'],
  ],
  protection_authority: [
    ['0', '无'],
    ['1', '林草'],
    ['2', '渔业'],
  ],
  cites_appendix: [
    ['I', '附录I'],
    ['II', '附录II'],
    ['III', '附录III'],
    ['none', '未列入'],
  ],
  iucn_category: [
    ['VU', '易危'],
    ['EN', '濒危'],
    ['NE', '未评估'],
  ],
  management_mode: [
    ['1', '个体管理'],
    ['2', '种群管理'],
  ],
  source_confidence: [
    ['verified', '已核实'],
    ['unverified', '待核对'],
  ],
});

function server() {
  return stubFetch({
    [LIST]: pageOf([panda]),
    'GET /api/species/species/detail': ok(panda),
    'GET /api/blade-taxonomy/taxonomy/tree': ok([
      { id: '5', parentId: '0', title: '熊科', key: '5', value: '5', rank: 3, nameLatin: 'Ursidae', hasChildren: false },
    ]),
    [SUBMIT]: ok({ id: '12' }),
    ...dicts,
  });
}

const dialog = () => screen.getByRole('dialog');
const choose = (label: string, option: string) => chooseOption(dialog(), label, option);

describe('species library page', { timeout: 90_000 }, () => {
  it('lists the library with dictionary labels and a 分布 action', async () => {
    signIn();
    server();
    renderPage(<SpeciesLibPage />);
    const row = (await screen.findByText('Ailuropoda melanoleuca')).closest('tr')!;
    expect(within(row).getAllByText('大熊猫')).toHaveLength(2);
    expect(await within(row).findByText('国家一级')).toBeInTheDocument();
    expect(within(row).getByText('附录I')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '分布' })).toBeInTheDocument();
  });

  it('validates with the contract messages and submits a new species', async () => {
    signIn();
    const net = server();
    renderPage(<SpeciesLibPage />);
    await screen.findByText('Ailuropoda melanoleuca');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await within(dialog()).findByLabelText('中文名');
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('请输入中文名')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请输入拉丁名')).toBeInTheDocument();

    fireEvent.change(within(dialog()).getByLabelText('中文名'), { target: { value: '梅花鹿' } });
    fireEvent.change(within(dialog()).getByLabelText('拉丁名'), { target: { value: 'Cervus nippon' } });
    await choose('国家保护级别', '国家一级');
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('国家重点保护物种请选择主管部门(林草或渔业)')).toBeInTheDocument();

    await choose('主管部门', '林草');
    await choose('CITES附录', '附录II');
    fireEvent.change(within(dialog()).getByLabelText('IUCN评估年份'), { target: { value: '2016' } });
    fireEvent.change(within(dialog()).getByLabelText('最低温度(℃)'), { target: { value: '30' } });
    fireEvent.change(within(dialog()).getByLabelText('最高温度(℃)'), { target: { value: '5' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('最低适宜温度不能高于最高适宜温度')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('最低温度(℃)'), { target: { value: '-20' } });
    // Gestation: both days or neither, shortest first, with the contract's messages.
    fireEvent.change(within(dialog()).getByLabelText('妊娠期(天) 最短'), { target: { value: '230' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('妊娠期最短天数与最长天数须同时填写或同时留空')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('妊娠期(天) 最长'), { target: { value: '220' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('妊娠期最短天数不能大于最长天数')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('妊娠期(天) 最短'), { target: { value: '210' } });
    // Breeding age: whole years up to 60.
    fireEvent.change(within(dialog()).getByLabelText('适配年龄(岁)'), { target: { value: '61' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog()).findByText('适配年龄不能大于60')).toBeInTheDocument();
    fireEvent.change(within(dialog()).getByLabelText('适配年龄(岁)'), { target: { value: '2' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));

    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    await waitFor(() => expect(net.to(SUBMIT)).toHaveLength(1));
    expect(net.to(SUBMIT)[0]!.body).toMatchObject({
      speciesName: '梅花鹿',
      latinName: 'Cervus nippon',
      protectionClass: 1,
      protectionAuthority: 1,
      citesAppendix: 'II',
      iucnCategory: 'NE',
      iucnYear: 2016,
      managementMode: 1,
      tempMin: -20,
      tempMax: 5,
      gestationMinDays: 210,
      gestationMaxDays: 220,
      breedingAgeYears: 2,
      source: 'unverified',
    });
  });
});
