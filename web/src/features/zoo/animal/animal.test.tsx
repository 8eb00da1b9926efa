import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, wholeRow, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import AnimalPage from './animal.page';
import { clickRowAction } from '../../../test/row-action';

const animal = wholeRow('GET /api/zoo-animal/animal/list', {
  id: '203',
  tenantId: '100000',
  speciesId: '11',
  speciesName: '大熊猫',
  latinName: 'Ailuropoda melanoleuca',
  localNo: 'P003',
  animalName: '乐乐',
  sex: 1,
  birthDate: '2015-07-20 00:00:00',
  birthPrecision: 1,
  origin: 1,
  sireId: '201',
  sireMark: '',
  sireName: '阳阳 (P002)',
  damId: '',
  damMark: 'WILD',
  damName: '',
  cageId: '301',
  cageCode: 'PD-01',
  cageName: '大熊猫1号舍',
  breederId: '',
  breederName: '',
  photos: '',
  remark: '',
  status: 1,
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
  isDeleted: 0,
});
const flag = (id: string, type: number, code: string, version: number, current: boolean, prefixMeaning = '') =>
  wholeRow('GET /api/zoo-animal/animalFlag/list', {
    id,
    tenantId: '100000',
    animalId: '203',
    localNo: 'P003',
    animalName: '乐乐',
    type,
    code,
    version,
    isoCompliant: type === 1 ? 1 : '',
    prefix: prefixMeaning ? code.slice(0, 3) : '',
    prefixMeaning,
    issueDate: '',
    issuer: '',
    voidTime: current ? '' : '2026-02-01 10:00:00',
    voidReason: current ? '' : '换发新版本',
    current,
    remark: '',
    status: 1,
    createTime: '2026-01-01 00:00:00',
    updateTime: '2026-01-01 00:00:00',
    isDeleted: 0,
  });
const FLAGS = [
  flag('401', 1, '156000000000001', 1, true, '中国 (ISO 3166 国家代码 156)'),
  flag('402', 4, 'ZY-0001', 1, false),
  flag('403', 4, 'ZY-0002', 2, true),
];
const cage = (id: string, cageCode: string, cageName: string, venueName: string) => ({ id, cageCode, cageName, venueId: '501', venueName });

function server() {
  return stubFetch({
    'GET /api/zoo-animal/animal/list': pageOf([animal]),
    'GET /api/zoo-animal/animal/detail': ok(animal),
    'POST /api/zoo-animal/animal/submit': ok({ id: '209' }),
    'POST /api/zoo-stockLog/stockLog/born_enroll': ok({ ids: ['901'], animalIds: ['209'] }),
    'GET /api/zoo-species/species/select': ok([
      { id: '11', speciesName: '大熊猫', latinName: 'Ailuropoda melanoleuca', managementMode: 1, licenceState: 'valid' },
    ]),
    'GET /api/zoo-cage/cage/species': ok([cage('301', 'PD-01', '大熊猫1号舍', '熊猫馆')]),
    'GET /api/zoo-cage/cage/select': ok([cage('301', 'PD-01', '大熊猫1号舍', '熊猫馆'), cage('309', 'HB-01', '鹿苑', '食草动物区')]),
    'GET /api/zoo-animal/animal/species': ok([
      wholeRow('GET /api/zoo-animal/animal/species', { id: '201', localNo: 'P002', animalName: '阳阳', sex: 1, cageId: '301', status: 1 }),
      wholeRow('GET /api/zoo-animal/animal/species', { id: '202', localNo: 'P001', animalName: '美美', sex: 2, cageId: '301', status: 1 }),
      wholeRow('GET /api/zoo-animal/animal/species', { id: '203', localNo: 'P003', animalName: '乐乐', sex: 1, cageId: '301', status: 1 }),
    ]),
    'GET /api/zoo-animal/animalFlag/list': pageOf(FLAGS),
    'POST /api/zoo-animal/animalFlag/submit': ok({ id: '409' }),
    'POST /api/zoo-animal/animalFlag/newversion': ok(flag('404', 4, 'ZY-0003', 3, true)),
    ...dictionaryRoute({
      animal_sex: [
        ['1', '雄'],
        ['2', '雌'],
        ['3', '未知'],
      ],
      animal_status: [
        ['1', '在养'],
        ['2', '已输出'],
      ],
      animal_origin: [
        ['1', '人工繁育'],
        ['2', '野外来源'],
        ['3', '来源不明'],
      ],
      birth_precision: [
        ['1', '精确到日'],
        ['2', '精确到月'],
        ['3', '精确到年'],
        ['4', '未知'],
      ],
      flag_type: [
        ['1', '芯片'],
        ['2', '脚环'],
        ['3', '纹身'],
        ['4', '专用标识'],
        ['5', '其他'],
      ],
    }),
  });
}

const dialogs = () => screen.getAllByRole('dialog');
const top = () => dialogs().at(-1)!;
const choose = (label: string, option: string) => chooseOption(top(), label, option);

describe('animal page', { timeout: 240_000 }, () => {
  it('lists animals with parents as links or marks; the search offers species of lapsed licences too', async () => {
    signIn();
    const net = server();
    renderPage(<AnimalPage />);
    const row = (await screen.findByText('P003')).closest('tr')!;
    await waitFor(() => expect(net.to('GET /api/zoo-species/species/select').map((r) => r.query)).toContainEqual({ all: 'true' }));
    expect(within(row).getByRole('link', { name: '阳阳 (P002)' })).toHaveAttribute('href', '/animal/detail/201');
    expect(within(row).getByText('野外 (WILD)')).toBeInTheDocument();
    expect(within(row).getByText('PD-01 大熊猫1号舍')).toBeInTheDocument();
    // Three actions in the row, the most used first (详情, 日志, 编辑); the rest under 更多.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['详情', '日志', '编辑', '更多 ']);
    fireEvent.click(within(row).getByRole('button', { name: /更多/ }));
    const menu = await screen.findByRole('menu');
    for (const name of ['查看', '标识', '饲养员', '删除']) expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
  });

  it('新增 registers a newcomer through 出生登记 or 引进登记 (never the registry form); the species reloads cage and parent choices', async () => {
    signIn();
    const net = server();
    renderPage(<AnimalPage />);
    await screen.findByText('P003');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await within(top()).findByText('新增 · 选择登记方式');
    expect(within(top()).getByRole('button', { name: /引进登记/ })).toBeInTheDocument();
    fireEvent.click(within(top()).getByRole('button', { name: /出生登记/ }));
    await within(top()).findByPlaceholderText('本园编号');
    // No registry form: no status, no breeder, no photos of a record here.
    expect(within(top()).queryByLabelText('当前笼舍')).toBeNull();

    await choose('物种', '大熊猫 (Ailuropoda melanoleuca)');
    await waitFor(() => expect(net.to('GET /api/zoo-cage/cage/species')[0]?.query).toEqual({ speciesId: '11' }));
    await waitFor(() => expect(net.to('GET /api/zoo-animal/animal/species')[0]?.query).toEqual({ speciesId: '11', status: 'all' }));
    await choose('笼舍', 'PD-01 大熊猫1号舍 · 熊猫馆');
    fireEvent.change(within(top()).getByPlaceholderText('本园编号'), { target: { value: 'P010' } });
    fireEvent.change(within(top()).getByPlaceholderText('名字'), { target: { value: '星星' } });
    fireEvent.mouseDown(within(top()).getByLabelText('父本'));
    // Only males of the species are offered as sire.
    expect(await screen.findByTitle('P002 阳阳')).toBeInTheDocument();
    expect(screen.queryByTitle('P001 美美')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTitle('P002 阳阳'));
    fireEvent.click(within(top()).getByRole('button', { name: /保\s*存/ }));

    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    const body = net.to('POST /api/zoo-stockLog/stockLog/born_enroll')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ animalType: 1, speciesId: '11', cageId: '301', sireId: '201' });
    expect(body.animals).toMatchObject([{ localNo: 'P010', animalName: '星星' }]);
    expect(net.to('POST /api/zoo-animal/animal/submit')).toHaveLength(0);
  });

  it('edits an animal: a parent mark comes back into the picker', async () => {
    signIn();
    const net = server();
    renderPage(<AnimalPage />);
    const row = (await screen.findByText('P003')).closest('tr')!;
    await clickRowAction(row, '编辑');
    await waitFor(() => expect(within(top()).getByLabelText('本园编号')).toHaveValue('P003'));
    await within(top()).findByTitle('野外 (WILD)');
    fireEvent.click(within(top()).getByRole('button', { name: /修\s*改/ }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-animal/animal/submit')[0]!.body).toMatchObject({ id: '203', sireId: '201', damId: null, damMark: 'WILD' });
  });

  it('manages flags: versions with voided history, microchip prefix, 新版本', async () => {
    signIn();
    const net = server();
    renderPage(<AnimalPage />);
    const row = (await screen.findByText('P003')).closest('tr')!;
    await clickRowAction(row, '标识');
    const old = (await screen.findByText('ZY-0001')).closest('tr')!;
    expect(net.to('GET /api/zoo-animal/animalFlag/list')[0]!.query).toMatchObject({ animalId: '203' });
    expect(within(old).getByText('已作废 2026-02-01 10:00:00')).toBeInTheDocument();
    for (const name of ['新版本', '编辑', '删除']) expect(within(old).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByText('中国 (ISO 3166 国家代码 156)')).toBeInTheDocument();

    // A new microchip shows what its prefix means while typed.
    fireEvent.click(within(top()).getAllByRole('button', { name: /新\s*增/ })[0]!);
    await within(top()).findByLabelText('标识码');
    await choose('标识类型', '芯片');
    fireEvent.change(within(top()).getByLabelText('标识码'), { target: { value: '900123456789012' } });
    expect(await within(top()).findByText(/制造商代码 900/)).toBeInTheDocument();
    fireEvent.change(within(top()).getByLabelText('标识码'), { target: { value: '12345' } });
    fireEvent.click(within(top()).getByRole('button', { name: /保\s*存/ }));
    expect((await within(top()).findAllByText('芯片号应为15位数字(ISO 11784/GB/T 20563),旧式非ISO芯片为9至10位字母或数字')).length).toBeGreaterThan(0);
  });

  it('issues a new version of a flag (新版本)', async () => {
    signIn();
    const net = server();
    renderPage(<AnimalPage />);
    const row = (await screen.findByText('P003')).closest('tr')!;
    await clickRowAction(row, '标识');
    const current = (await screen.findByText('ZY-0002')).closest('tr')!;
    await clickRowAction(current, '新版本');
    await within(top()).findByText(/将作废第2版「ZY-0002」/);
    fireEvent.change(within(top()).getByLabelText('标识码'), { target: { value: 'ZY-0003' } });
    fireEvent.click(within(top()).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-animal/animalFlag/newversion')[0]!.body).toMatchObject({ animalId: '203', type: 4, code: 'ZY-0003' });
    await waitFor(() => expect(net.to('GET /api/zoo-animal/animalFlag/list').length).toBeGreaterThan(1));
  });
});
