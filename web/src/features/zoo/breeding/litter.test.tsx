import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow, type SeenRequest } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import { clickRowAction } from '../../../test/row-action';
import LitterPage from './litter.page';

const charts = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({ setOption: (o: unknown) => charts.options.push(o), resize: () => undefined, dispose: () => undefined }),
}));

const cubs = [
  { id: '71', localNo: 'P007', animalName: '安宝', sex: 1, status: 1, birthWeightG: 168, vitality: 1 },
  { id: '72', localNo: 'P008', animalName: '安贝', sex: 2, status: 1, birthWeightG: 121, vitality: 2 },
];
const litter = wholeRow('GET /api/zoo-breeding/litter/list', {
  id: '9',
  damId: '6',
  damName: '安安 (P006)',
  speciesName: '大熊猫',
  birthDate: '2026-08-16',
  eventDate: '2026-03-29',
  sireIds: ['2', '3'],
  sireNames: '阳阳 (P002)、乐乐 (P003)',
  cubs,
  liveBorn: 2,
  rearing: 3,
});
const cub = (id: string, name: string, behind: boolean, percentOfCurve: number) => ({
  id,
  name,
  weights: [
    { day: '2026-08-16', grams: 150 },
    { day: '2026-08-17', grams: 160 },
  ],
  feeds: [],
  swaps: 1,
  losing: false,
  percentOfCurve,
  behind,
});

function server() {
  return stubFetch({
    'GET /api/zoo-breeding/litter/list': pageOf([litter]),
    'GET /api/zoo-breeding/litter/growth': ok({
      cubs: [cub('71', '安宝 (P007)', false, 98.2), cub('72', '安贝 (P008)', true, 76.4)],
      curve: [
        { day: '2026-08-16', ageDays: 0, grams: 150 },
        { day: '2026-08-23', ageDays: 7, grams: 300 },
      ],
      behindPercent: 80,
    }),
    'GET /api/zoo-breeding/litter/paternity': ok({
      candidates: [
        { id: '2', identityId: '2', name: '阳阳 (P002)', outside: false, studbookNo: '', holderName: '' },
        { id: '3', identityId: '3', name: '乐乐 (P003)', outside: false, studbookNo: '', holderName: '' },
        // Another base's donor of the frozen semen, by his studbook identity.
        { id: '', identityId: '801', name: '501 远方(乙繁育基地)', outside: true, studbookNo: '501', holderName: '乙繁育基地' },
      ],
      results: [],
    }),
    'POST /api/zoo-breeding/litter/paternity': (req: SeenRequest) =>
      ok({
        id: '5',
        cubId: '72',
        cubName: '安贝 (P008)',
        litterId: '9',
        testDate: (req.body as { testDate: string }).testDate,
        method: 1,
        lab: '遗传中心',
        candidateIds: ['2', '3'],
        candidateIdentityIds: ['801'],
        sireId: (req.body as { sireId: string }).sireId,
        sireIdentityId: (req.body as { sireIdentityId: string }).sireIdentityId,
        sireName: '乐乐 (P003)',
        remark: '',
      }),
  });
}

beforeEach(() => {
  charts.options.length = 0;
});

describe('产仔与育幼', () => {
  it('charts the cubs against the species curve and alerts the cub that falls behind it', async () => {
    signIn({ tenant_id: '100000', role_name: 'admin' }, [], { breed_litter: true });
    server();
    renderPage(<LitterPage />);
    await screen.findByText('安安 (P006)');
    await chooseOption(document.body, '幼仔生长', '安安 (P006) · 2026-08-16 · 2');
    const alert = await screen.findByTestId('cub-behind');
    expect(alert).toHaveTextContent('安贝 (P008) 最近一次称重仅为物种参考曲线同日龄体重的 76.4%,低于 80%');
    expect(screen.getAllByTestId('cub-behind')).toHaveLength(1);
    await waitFor(() =>
      expect(charts.options.at(-1)).toMatchObject({
        series: expect.arrayContaining([
          expect.objectContaining({
            name: '物种参考生长曲线',
            data: [
              ['2026-08-16', 150],
              ['2026-08-23', 300],
            ],
          }),
        ]),
      }),
    );
    // Without the edit right there is no paternity action.
    expect(screen.queryByRole('button', { name: '亲子鉴定' })).toBeNull();
  });

  it('records a paternity result: the confirmed sire among the litter candidates, or none of them', async () => {
    signIn({ tenant_id: '100000', role_name: 'admin' }, [], { breed_litter: true, breed_litter_edit: true });
    const net = server();
    renderPage(<LitterPage />);
    const row = (await screen.findByText('安安 (P006)')).closest('tr')!;
    await clickRowAction(row, '亲子鉴定');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('paternity-candidates')).toHaveTextContent('阳阳 (P002)、乐乐 (P003)、501 远方(乙繁育基地)他园供体'));
    const form = within(dialog).getByTestId('paternity-form');
    fireEvent.click(within(form).getByRole('button', { name: /登记鉴定结果/ }));
    expect(await within(form).findByText('请选择幼仔')).toBeInTheDocument();
    await chooseOption(form, '幼仔', '安贝 (P008)');
    fireEvent.change(within(form).getByLabelText('检测机构'), { target: { value: '遗传中心' } });
    // The candidates and "none of them" are the choices.
    fireEvent.mouseDown(within(form).getByLabelText('确认父本'));
    expect((await screen.findAllByTitle('候选父本均被排除')).length).toBeGreaterThan(0);
    fireEvent.click((await screen.findAllByTitle('乐乐 (P003)')).at(-1)!);
    fireEvent.click(within(form).getByRole('button', { name: /登记鉴定结果/ }));
    await waitFor(() => expect(net.to('POST /api/zoo-breeding/litter/paternity')).toHaveLength(1));
    expect(net.to('POST /api/zoo-breeding/litter/paternity')[0]!.body).toMatchObject({
      cubId: '72',
      method: 1,
      lab: '遗传中心',
      sireId: '3',
      sireIdentityId: '',
    });
    expect(await screen.findByText('亲子鉴定结果已登记,幼仔父本已更新')).toBeInTheDocument();
  });

  it('names an outside donor as the confirmed sire: listed with his studbook number and zoo, sent by studbook identity', async () => {
    signIn({ tenant_id: '100000', role_name: 'admin' }, [], { breed_litter: true, breed_litter_edit: true });
    const net = server();
    renderPage(<LitterPage />);
    const row = (await screen.findByText('安安 (P006)')).closest('tr')!;
    await clickRowAction(row, '亲子鉴定');
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog).getByTestId('paternity-form');
    await waitFor(() => expect(within(dialog).getByTestId('paternity-candidates')).toHaveTextContent('501 远方(乙繁育基地)'));
    await chooseOption(form, '幼仔', '安宝 (P007)');
    fireEvent.mouseDown(within(form).getByLabelText('确认父本'));
    fireEvent.click((await screen.findAllByTitle('501 远方(乙繁育基地) · 他园供体')).at(-1)!);
    fireEvent.click(within(form).getByRole('button', { name: /登记鉴定结果/ }));
    await waitFor(() => expect(net.to('POST /api/zoo-breeding/litter/paternity')).toHaveLength(1));
    expect(net.to('POST /api/zoo-breeding/litter/paternity')[0]!.body).toMatchObject({ cubId: '71', sireId: '', sireIdentityId: '801' });
  });
});
