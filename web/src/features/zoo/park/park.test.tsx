import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ParkPage from './park.page';

const LIST = 'GET /api/blade-zoo/park/list';
const FOREST = 'GET /api/blade-zoo/park/tree/venue';
const park = (id: string, parkName: string, venueCount: number) =>
  wholeRow('GET /api/blade-zoo/park/list', {
    id,
    tenantId: '100000',
    parkName,
    address: '示范市动物园路1号',
    linkman: '张园长',
    contactNumber: '13800000000',
    sort: 0,
    remark: '',
    venueCount,
  });
const node = (id: string, parentId: string, title: string, type: string, children?: unknown[]) => ({ id, parentId, title, key: id, value: id, type, children });

function server() {
  const parks = [park('11', '主园区', 1)];
  return stubFetch({
    [LIST]: () => pageOf(parks),
    [FOREST]: () =>
      ok(
        parks.map((p) =>
          node(
            p.id,
            '0',
            p.parkName,
            'park',
            p.id === '11' ? [node('21', '11', '熊猫馆', 'venue', [node('31', '21', '大熊猫1号舍 (PD-01)', 'cage')])] : undefined,
          ),
        ),
      ),
    'GET /api/blade-zoo/park/detail': (req) => ok(parks.find((p) => p.id === req.query.id)),
    'POST /api/blade-zoo/park/submit': (req) => {
      parks.push(park('12', (req.body as { parkName: string }).parkName, 0));
      return ok({});
    },
  });
}

const dialog = () => screen.getByRole('dialog');

describe('park page', { timeout: 90_000 }, () => {
  it('lists the parks beside the park → venue → cage tree', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<ParkPage />);
    const tree = await screen.findByTestId('place-tree');
    expect(await within(tree).findByText('大熊猫1号舍 (PD-01)')).toBeInTheDocument();
    expect(within(tree).getByText('熊猫馆')).toBeInTheDocument();
    expect(net.to(FOREST)[0]!.query).toEqual({ withCage: 'true' });
    const row = (await screen.findByText('张园长')).closest('tr')!;
    expect(within(row).getByText('主园区')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '场馆数' })).toBeInTheDocument();
  });

  it('refuses an empty name with the contract message, then adds a park with numbers defaulting to 0', async () => {
    signIn({ tenant_id: '100000' });
    const net = server();
    renderPage(<ParkPage />);
    await screen.findByText('张园长');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    expect(within(dialog()).getByLabelText('排序')).toHaveValue('0');
    expect(within(dialog()).getByLabelText('备注')).toHaveAttribute('rows', '3');
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await within(dialog()).findByText('请输入园区名称')).toBeInTheDocument();
    expect(net.to('POST /api/blade-zoo/park/submit')).toHaveLength(0);

    fireEvent.change(within(dialog()).getByLabelText('园区名称'), { target: { value: '北园' } });
    fireEvent.change(within(dialog()).getByLabelText('联系电话'), { target: { value: '010-1234' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-zoo/park/submit')[0]!.body).toEqual({ parkName: '北园', contactNumber: '010-1234', sort: 0 });
    // The tree is refreshed with the list.
    expect(await within(screen.getByTestId('place-tree')).findByText('北园')).toBeInTheDocument();
  });

  it('opens the card of a cage chosen in the tree', async () => {
    signIn({ tenant_id: '100000' });
    server();
    const CageCard = () => <p>card of {useParams().cageId}</p>;
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/zoo/park']}>
          <Routes>
            <Route path="/zoo/park" element={<ParkPage />} />
            <Route path="/cage/detail/:cageId" element={<CageCard />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    const tree = await screen.findByTestId('place-tree');
    fireEvent.click(await within(tree).findByText('熊猫馆'));
    expect(screen.getByTestId('place-tree')).toBeInTheDocument();
    fireEvent.click(await within(tree).findByText('大熊猫1号舍 (PD-01)'));
    expect(await screen.findByText('card of 31')).toBeInTheDocument();
  });
});
