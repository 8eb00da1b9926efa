import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import SpeciesDistPage from './species-dist.page';

/** jsdom has no canvas: the chart library is replaced by a recorder of the options it gets. */
const charts = vi.hoisted(() => ({ options: [] as Array<{ xAxis: { data: string[] }; series: Array<{ data: number[] }> }> }));
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: () => ({ setOption: (o: never) => charts.options.push(o), resize: () => undefined, dispose: () => undefined }),
}));

const counts = (individualCount: number, populationQuantity: number, m: number, f: number, u: number) => ({
  individualCount,
  populationQuantity,
  maleQuantity: m,
  femaleQuantity: f,
  theyQuantity: u,
  totalQuantity: m + f + u,
});

describe('species distribution page', { timeout: 90_000 }, () => {
  it('loads dist?id from the route and shows the zoos in a table and a lazily loaded chart', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/zoo-species/species/dist': ok({
        speciesId: '11',
        speciesName: '大熊猫',
        latinName: 'Ailuropoda melanoleuca',
        zooCount: 2,
        ...counts(7, 0, 3, 4, 0),
        zoos: [
          {
            tenantId: '100000',
            tenantName: '示范动物园',
            licenceNo: '(国)驯繁字[2023]001号',
            validTo: '2028-12-31 00:00:00',
            licenceState: 'valid',
            ...counts(6, 0, 3, 3, 0),
          },
          { tenantId: '100001', tenantName: '第二动物园', licenceNo: 'X-1', validTo: '', licenceState: 'expired', ...counts(1, 0, 0, 1, 0) },
        ],
      }),
      ...dictionaryRoute({
        licence_state: [
          ['valid', '有效'],
          ['expired', '已过期'],
        ],
      }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/zoo/admin/species/dist/11']}>
          <Routes>
            <Route path="/zoo/admin/species/dist/:id" element={<SpeciesDistPage />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    const row = (await screen.findByText('示范动物园')).closest('tr')!;
    expect(net.to('GET /api/zoo-species/species/dist')[0]!.query).toEqual({ id: '11' });
    expect(within(row).getByText('(国)驯繁字[2023]001号')).toBeInTheDocument();
    expect(within(row).getByText('2028-12-31')).toBeInTheDocument();
    expect(await within(row).findByText('有效')).toBeInTheDocument();
    expect(screen.getByText('7 (3.4.0)')).toBeInTheDocument();
    expect(screen.getByTestId('species-dist-chart')).toBeInTheDocument();
    await waitFor(() => expect(charts.options.length).toBeGreaterThan(0));
    const option = charts.options.at(-1)!;
    expect(option.xAxis.data).toEqual(['示范动物园', '第二动物园']);
    expect(option.series.map((s) => s.data)).toEqual([
      [6, 1],
      [0, 0],
    ]);
  });
});
