import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ZooTenantPage from './zoo-tenant.page';
import { clickRowAction } from '../../../test/row-action';

const LIST = 'GET /api/blade-system/tenant/zoo-list';
const AUTH = '/api/blade-system/tenant/authspecies';
const zoo = {
  id: '7',
  tenantId: '100000',
  tenantName: '示范动物园',
  linkman: '张园长',
  contactNumber: '13800000000',
  address: '示范市动物园路1号',
  expireTime: '',
  speciesCount: 1,
  validSpeciesCount: 1,
  animalCount: 30,
  populationQuantity: 120,
};

function server() {
  return stubFetch({
    [LIST]: pageOf([zoo]),
    [`GET ${AUTH}`]: ok([
      {
        id: '1',
        speciesId: '201',
        speciesName: '大熊猫',
        latinName: 'Ailuropoda melanoleuca',
        licenceNo: '(国)驯繁字[2023]001号',
        issuingAuthority: '国家林业和草原局',
        validFrom: '2023-01-01 00:00:00',
        validTo: '2028-12-31 00:00:00',
        approvedQuantity: '',
        licenceState: 'valid',
      },
    ]),
    'GET /api/species/species/select': ok([
      { id: '201', speciesName: '大熊猫', latinName: 'Ailuropoda melanoleuca', managementMode: 1 },
      { id: '202', speciesName: '朱鹮', latinName: 'Nipponia nippon', managementMode: 2 },
    ]),
    [`POST ${AUTH}`]: ok({}),
    ...dictionaryRoute({
      licence_state: [
        ['valid', '有效'],
        ['expired', '已过期'],
        ['pending', '未生效'],
      ],
    }),
  });
}

const dialog = () => screen.getByRole('dialog');

describe('zoo authorisation page', { timeout: 120_000 }, () => {
  it('lists the zoos and authorises a species with its licence', async () => {
    signIn();
    const net = server();
    renderPage(<ZooTenantPage />);
    const row = (await screen.findByText('示范动物园')).closest('tr')!;
    expect(within(row).getByText('120')).toBeInTheDocument();
    expect(net.to(LIST)[0]!.query).toEqual({ current: '1', size: '10' });
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();

    await clickRowAction(row, '授权物种');
    expect(await within(dialog()).findByDisplayValue('(国)驯繁字[2023]001号')).toBeInTheDocument();
    expect(net.to(`GET ${AUTH}`)[0]!.query).toEqual({ tenantId: '100000' });
    expect(await within(dialog()).findByText('有效')).toBeInTheDocument();

    fireEvent.click(within(dialog()).getByRole('button', { name: /添加物种/ }));
    const rows = () => dialog().querySelectorAll('tbody tr.ant-table-row');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const added = rows()[1] as HTMLElement;
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await within(added).findByText('请选择物种')).toBeInTheDocument();
    expect(await within(added).findByText('请输入许可证号')).toBeInTheDocument();
    expect(await within(added).findByText('许可证生效日期格式应为 yyyy-MM-dd')).toBeInTheDocument();
    expect(net.to(`POST ${AUTH}`)).toHaveLength(0);

    fireEvent.mouseDown(within(added).getByLabelText('物种'));
    fireEvent.click(await screen.findByTitle('朱鹮 Nipponia nippon'));
    fireEvent.change(within(added).getByLabelText('许可证号'), { target: { value: '(国)驯繁字[2024]101号' } });
    fireEvent.change(within(added).getByLabelText('发证机关'), { target: { value: '国家林业和草原局' } });
    const from = within(added).getByLabelText('生效日期');
    fireEvent.mouseDown(from);
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2024-03-01' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(from);
    await waitFor(() => expect(within(added).queryByText('许可证生效日期格式应为 yyyy-MM-dd')).not.toBeInTheDocument());
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));

    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(net.to(`POST ${AUTH}`)[0]!.body).toEqual({
      tenantId: '100000',
      species: [
        {
          speciesId: '201',
          licenceNo: '(国)驯繁字[2023]001号',
          issuingAuthority: '国家林业和草原局',
          validFrom: '2023-01-01 00:00:00',
          validTo: '2028-12-31 00:00:00',
          approvedQuantity: 0,
        },
        { speciesId: '202', licenceNo: '(国)驯繁字[2024]101号', issuingAuthority: '国家林业和草原局', validFrom: '2024-03-01 00:00:00', approvedQuantity: 0 },
      ],
    });
  });
});
