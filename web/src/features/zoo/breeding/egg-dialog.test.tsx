import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import { clickRowAction } from '../../../test/row-action';
import LitterPage from './litter.page';

vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

const clutch = wholeRow('GET /api/zoo-breeding/litter/list', {
  id: '19',
  damId: '16',
  damName: '丹丹 (C001)',
  speciesName: '丹顶鹤',
  birthDate: '2026-04-28',
  cubs: [{ id: '81', localNo: 'C010', animalName: '小丹', sex: 3, status: 1, birthWeightG: 118, vitality: 1 }],
  liveBorn: 1,
  rearing: 5,
  eggsLaid: 2,
});
const egg = (id: string, more: Record<string, unknown>) =>
  wholeRow('GET /api/zoo-breeding/egg/list', { id, litterId: '19', incubation: '', outcome: '', weightG: '', candlings: [], ...more });

function server() {
  return stubFetch({
    'GET /api/zoo-breeding/litter/list': pageOf([clutch]),
    'GET /api/zoo-breeding/egg/list': pageOf([
      egg('31', {
        eggNo: 1,
        laidDate: '2026-03-25',
        weightG: 210.5,
        candlings: [{ date: '2026-04-03', result: 1 }],
        fertility: 1,
        incubation: 1,
        incubationStart: '2026-03-27',
        expectedHatchFrom: '2026-04-25',
        expectedHatchTo: '2026-04-30',
        outcome: 1,
        hatchDate: '2026-04-28',
        chickId: '81',
        chickName: '小丹 (C010)',
      }),
      egg('32', { eggNo: 2, laidDate: '2026-03-27', candlings: [{ date: '2026-04-03', result: 2 }], fertility: 2, outcome: 4 }),
    ]),
    'GET /api/zoo-breeding/egg/clutch': ok({
      laid: 2,
      fertile: 1,
      hatched: 1,
      hatchRate: 50,
      fertileHatchRate: 100,
      incubationMinDays: 29,
      incubationMaxDays: 34,
    }),
    'POST /api/zoo-breeding/egg/submit': ok({}),
    'POST /api/zoo-breeding/egg/candle': ok(egg('32', { eggNo: 2, laidDate: '2026-03-27' })),
  });
}

describe('卵记录 of a clutch', () => {
  it('shows each egg, the counts and hatch rates derived from the eggs, and records an egg and a candling', async () => {
    signIn({ tenant_id: '100000', role_name: 'admin' }, [], { breed_litter: true, breed_litter_view: true, breed_litter_edit: true });
    const net = server();
    renderPage(<LitterPage />);
    const row = (await screen.findByText('丹丹 (C001)')).closest('tr')!;
    await clickRowAction(row, '卵记录');
    const dialog = await screen.findByRole('dialog');
    const summary = within(dialog).getByTestId('clutch-summary');
    await waitFor(() => expect(summary).toHaveTextContent('产卵2'));
    expect(summary).toHaveTextContent('出壳率(占产卵)50%');
    expect(summary).toHaveTextContent('受精卵出壳率100%');
    expect(summary).toHaveTextContent('物种孵化期29–34 天');
    // Egg 1: candled fertile, incubated, hatched into 小丹; egg 2: infertile and removed.
    const first = (await within(dialog).findByText('小丹 (C010)')).closest('tr')!;
    expect(first).toHaveTextContent('2026-04-03 受精');
    expect(first).toHaveTextContent('孵化箱');
    expect(first).toHaveTextContent('2026-04-25 ~ 2026-04-30');
    expect(first).toHaveTextContent('已出壳');
    const second = within(dialog).getByText('2026-03-27').closest('tr')!;
    expect(second).toHaveTextContent('未受精');
    expect(second).toHaveTextContent('撤出');

    // A new egg: the laying date is required; blank number → the server gives the next.
    const form = within(dialog).getByTestId('egg-form');
    fireEvent.change(within(form).getByLabelText('卵重(g)'), { target: { value: '205' } });
    await chooseOption(form, '孵化方式', '孵化箱');
    fireEvent.click(within(form).getByRole('button', { name: /保存卵记录/ }));
    await waitFor(() => expect(net.to('POST /api/zoo-breeding/egg/submit')).toHaveLength(1));
    expect(net.to('POST /api/zoo-breeding/egg/submit')[0]!.body).toMatchObject({ litterId: '19', weightG: 205, incubation: 1, chickId: '' });

    // A candling of egg 2.
    const candle = within(dialog).getByTestId('candle-form');
    await chooseOption(candle, '卵号', '2');
    await chooseOption(candle, '照蛋结果', '胚胎死亡');
    fireEvent.click(within(candle).getByRole('button', { name: /登记照蛋/ }));
    await waitFor(() => expect(net.to('POST /api/zoo-breeding/egg/candle')).toHaveLength(1));
    expect(net.to('POST /api/zoo-breeding/egg/candle')[0]!.body).toMatchObject({ id: '32', result: 3 });
    expect(await screen.findByText('照蛋结果已登记')).toBeInTheDocument();
  });
});
