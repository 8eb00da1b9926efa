import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { clickRowAction } from '../../../test/row-action';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import RegionPage from './region.page';

const region = (code: string, name: string, parentCode: string, regionLevel: number, hasChildren: boolean) => ({
  code,
  parentCode,
  ancestors: '0',
  name,
  provinceCode: '',
  provinceName: '',
  cityCode: '',
  cityName: '',
  districtCode: '',
  districtName: '',
  townCode: '',
  townName: '',
  villageCode: '',
  villageName: '',
  regionLevel,
  sort: 0,
  remark: '',
  parentName: '',
  hasChildren,
});
const LAZY = 'GET /api/blade-system/region/lazy-list';

function server() {
  const levels: Record<string, unknown[]> = {
    '00': [region('53', '云南省', '00', 1, true)],
    '53': [region('5301', '昆明市', '53', 2, false)],
  };
  return stubFetch({
    [LAZY]: (req) => ok(levels[req.query.parentCode!] ?? []),
    'GET /api/blade-system/region/detail': (req) => ok(region(req.query.code!, '昆明市', '53', 2, false)),
    'POST /api/blade-system/region/submit': ok({}),
    'POST /api/blade-system/region/remove': ok({}),
  });
}

const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const button = (scope: ParentNode, text: string) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text) as HTMLElement;

describe('region page', { timeout: 90_000 }, () => {
  it('lists the provinces under 00, opens a level, adds a child with the parent filled, deletes by code', async () => {
    signIn();
    const net = server();
    renderPage(<RegionPage />);
    const yunnan = (await screen.findByText('云南省')).closest('tr')!;
    expect(net.to(LAZY)[0]!.query).toEqual({ parentCode: '00' });
    fireEvent.click(yunnan.querySelector('.ant-table-row-expand-icon')!);
    const kunming = (await screen.findByText('昆明市')).closest('tr')!;
    expect(net.to(LAZY).at(-1)!.query).toEqual({ parentCode: '53' });

    await clickRowAction(yunnan as HTMLElement, '新增子项');
    await waitFor(() => expect(modal()).toBeTruthy());
    expect(within(modal()).getByLabelText('上级区划')).toHaveValue('53');
    expect(within(modal()).getByLabelText('上级区划')).toBeDisabled();
    fireEvent.change(within(modal()).getByLabelText('区划编号'), { target: { value: '5303' } });
    fireEvent.change(within(modal()).getByLabelText('区划名称'), { target: { value: '' } });
    fireEvent.click(button(modal(), '保存'));
    expect(await within(modal()).findByText('请输入区划名称')).toBeInTheDocument();
    fireEvent.change(within(modal()).getByLabelText('区划名称'), { target: { value: '曲靖市' } });
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/region/submit')[0]!.body).toEqual({ code: '5303', parentCode: '53', name: '曲靖市', regionLevel: 2, sort: 0 });

    await clickRowAction(kunming as HTMLElement, '删除');
    fireEvent.click(await waitFor(() => button(document.querySelector('.ant-modal-confirm')!, '确定')));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/region/remove')[0]!.query).toEqual({ id: '5301' });
  });

  it('edit loads detail by code and keeps the code fixed', async () => {
    signIn();
    const net = server();
    renderPage(<RegionPage />);
    fireEvent.click((await screen.findByText('云南省')).closest('tr')!.querySelector('.ant-table-row-expand-icon')!);
    const kunming = (await screen.findByText('昆明市')).closest('tr')!;
    await clickRowAction(kunming as HTMLElement, '编辑');
    await waitFor(() => expect(net.to('GET /api/blade-system/region/detail')[0]?.query).toEqual({ code: '5301' }));
    expect(within(modal()).getByLabelText('区划编号')).toBeDisabled();
  });
});
