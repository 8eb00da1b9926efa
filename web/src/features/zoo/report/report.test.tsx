import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, stubFetch, type SeenRequest } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import { WelPage } from '../../../app/pages/wel-page';
import StockReportPage from './report.page';
import { stockReportI18n } from './report.i18n';

const charts = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({ setOption: (o: unknown) => charts.options.push(o), resize: () => undefined, dispose: () => undefined }),
}));

const row = (speciesId: string, speciesName: string, closing: number) => ({
  speciesId,
  speciesName,
  latinName: 'Latin',
  className: '哺乳纲',
  protectionClass: 1,
  opening: closing - 2,
  born: 3,
  imported: 0,
  census: 0,
  exported: 1,
  died: 0,
  cancelled: 0,
  other: 0,
  closing,
  individuals: 1,
  populationHeads: closing - 1,
  male: closing,
  female: 0,
  unknown: 0,
});
const total = {
  opening: 13,
  born: 6,
  imported: 0,
  census: 0,
  exported: 2,
  died: 0,
  cancelled: 0,
  other: 0,
  closing: 17,
  individuals: 2,
  populationHeads: 15,
  male: 17,
  female: 0,
  unknown: 0,
};
const fig = (key: string, name: string, n: number) => ({ key, name, individuals: 0, populationHeads: n, male: n, female: 0, unknown: 0, total: n });

function server() {
  return stubFetch({
    ...dictionaryRoute({
      protection_class: [
        ['0', '无'],
        ['1', '国家一级'],
        ['2', '国家二级'],
      ],
    }),
    'GET /api/blade-zoo/park/tree': ok([{ id: '11', parentId: '0', title: '东园', key: '11', value: '11', type: 'park' }]),
    'GET /api/blade-taxonomy/taxonomy/lazy-tree': ok([
      { id: '21', parentId: '0', title: '鸟纲', key: '21', value: '21', rank: 1, nameLatin: 'Aves', hasChildren: true },
    ]),
    'GET /api/blade-zoo/basic/species_stock': (req: SeenRequest) =>
      ok({ from: req.query.from, to: req.query.to, rows: [row('1', '梅花鹿', 12), row('2', '丹顶鹤', 5)], total }),
    'GET /api/blade-zoo/basic/stock': (req: SeenRequest) =>
      ok({
        date: req.query.date,
        groupBy: req.query.groupBy,
        rows: [fig('1', req.query.groupBy === 'park' ? '东园' : '哺乳纲', 17)],
        total: (({ key: _k, name: _n, ...rest }) => rest)(fig('', '', 17)),
      }),
  });
}

beforeEach(() => {
  charts.options.length = 0;
});

describe('存栏报表', () => {
  it('shows the period per species with a total row and charts the closing stock by class, park and level', async () => {
    signIn({ tenant_id: '300001', role_name: 'admin' }, [], { stock_report: true });
    const net = server();
    renderPage(<StockReportPage />);
    const table = await screen.findByTestId('report-table');
    expect(await within(table).findByText('梅花鹿')).toBeInTheDocument();
    const totalRow = within(table).getByTestId('report-total');
    expect(within(totalRow).getByText('合计')).toBeInTheDocument();
    expect(within(totalRow).getAllByText('17')).toHaveLength(2); // closing and male
    // Default period: this month up to today; the charts read stock at its last day.
    const q = net.to('GET /api/blade-zoo/basic/species_stock')[0]!.query;
    expect(q.from).toMatch(/^\d{4}-\d{2}-01$/);
    await waitFor(() =>
      expect(
        net
          .to('GET /api/blade-zoo/basic/stock')
          .map((r) => r.query.groupBy)
          .sort(),
      ).toEqual(['class', 'park', 'protection']),
    );
    expect(net.to('GET /api/blade-zoo/basic/stock')[0]!.query.date).toBe(q.to);
    await waitFor(() => expect(charts.options).toHaveLength(3));
    expect(charts.options).toContainEqual(expect.objectContaining({ xAxis: expect.objectContaining({ data: ['东园'] }) }));
    // Exporting needs its button right.
    expect(screen.queryByRole('button', { name: '导 出' })).toBeNull();
  });

  it('sends the chosen filters to every call and exports the same filters', async () => {
    signIn({ tenant_id: '300001', role_name: 'admin' }, [], { stock_report: true, stock_report_export: true });
    const net = server();
    renderPage(<StockReportPage />);
    await screen.findByText('梅花鹿');
    await chooseOption(document.body, '园区', '东园');
    await waitFor(() => expect(net.to('GET /api/blade-zoo/basic/species_stock').at(-1)!.query.parkId).toBe('11'));
    await chooseOption(document.body, '保护级别', '国家一级');
    await waitFor(() => expect(net.to('GET /api/blade-zoo/basic/species_stock').at(-1)!.query).toMatchObject({ parkId: '11', protectionClass: '1' }));
    await waitFor(() => expect(net.to('GET /api/blade-zoo/basic/stock').at(-1)!.query).toMatchObject({ parkId: '11', protectionClass: '1' }));
    const clicked: string[] = [];
    const spy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    spy.mockRestore();
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe('/api/blade-zoo/basic/stock-report');
    // The sheet follows the UI language: a link carries no Accept-Language of the app (decision 0049).
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ parkId: '11', protectionClass: '1', 'Blade-Auth': 'access-1', lang: 'zh' });
  });

  it('has every zh label in en', () => {
    const keys = (o: unknown, p = ''): string[] => (o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${p}${k}.`)) : [p]);
    expect(keys(stockReportI18n.en).sort()).toEqual(keys(stockReportI18n.zh).sort());
  });
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

describe('a zoo home page', () => {
  it("shows the zoo's figures, each opening its screen, and the charts", async () => {
    signIn({ tenant_id: '300001', role_name: 'admin' });
    stubFetch({
      'GET /api/blade-zoo/basic/info': ok({
        animals: 7,
        populations: 3,
        populationHeads: 41,
        species: 4,
        movementsThisMonth: 9,
        transfersIn: 2,
        transfersOut: 1,
        openAlarms: 5,
        stockByClass: [
          { key: '1', name: '哺乳纲', total: 30 },
          { key: '2', name: '鸟纲', total: 18 },
        ],
        movementsByMonth: [
          { month: '2026-10', in: 2, out: 1 },
          { month: '2026-11', in: 5, out: 0 },
        ],
      }),
      'GET /api/zoo/basicLog/today/percent': ok({ total: 8, logged: 6, percent: 75 }),
      'GET /api/blade-desk/listAllNotice': ok([]),
    });
    renderPage(
      <Routes>
        <Route
          path="*"
          element={
            <>
              <WelPage />
              <Where />
            </>
          }
        />
      </Routes>,
    );
    const animals = await screen.findByTestId('home-tile-animals');
    expect(within(animals).getByText('7')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-tile-populations')).getByText('共 41 只')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-tile-species')).getByText('4')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-tile-movements')).getByText('9')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-tile-transfers')).getByText('3')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-tile-transfers')).getByText('转入 2 · 转出 1')).toBeInTheDocument();
    expect(within(screen.getByTestId('home-tile-alarms')).getByText('5')).toBeInTheDocument();
    expect(await within(screen.getByTestId('home-tile-todayLog')).findByText('6 / 8')).toBeInTheDocument();
    expect(screen.queryByTestId('desk-count-user')).toBeNull();
    await waitFor(() => expect(charts.options).toHaveLength(2));
    expect(charts.options).toContainEqual(
      expect.objectContaining({
        series: [
          expect.objectContaining({
            type: 'pie',
            data: [
              { name: '哺乳纲', value: 30 },
              { name: '鸟纲', value: 18 },
            ],
          }),
        ],
      }),
    );
    fireEvent.click(screen.getByTestId('home-tile-movements'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/zoo/stocklog'));
    fireEvent.click(screen.getByTestId('home-tile-alarms'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/zoo/alarm'));
    fireEvent.click(screen.getByTestId('home-tile-todayLog'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/zoo/basiclog'));
  });
});
