import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { PermitHomeCard } from './permit-home-card';

const permit = (permitNo: string, daysLeft: number) => ({
  id: permitNo,
  tenantId: '300001',
  kind: 3,
  permitNo,
  issuingAuthority: '北京市园林绿化局',
  holderName: '',
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  purposeCode: '',
  sourceCode: '',
  counterpart: '',
  remark: '',
  lines: [],
  state: 'valid',
  daysLeft,
  licenceOrigin: '',
  createUser: '',
  createDept: '',
  createTime: '2026-01-01 00:00:00',
  updateUser: '',
  updateTime: '2026-01-01 00:00:00',
  status: 1,
  isDeleted: 0,
});

describe('the zoo home compliance card', () => {
  it('lists permits expiring within 60 days, coloured by days left, and the licence quota use', async () => {
    signIn({ tenant_id: '300001', role_name: 'admin' }, [], { permit_view: true });
    const seen = stubFetch({
      'GET /api/zoo-permit/permit/expiring': ok([permit('YS-7', 5), permit('YS-40', 40)]),
      'GET /api/zoo-permit/report/quota': ok([
        { speciesId: '1', speciesName: '大熊猫', licenceNo: 'FY-1', approved: 8, held: 10, percent: 125 },
        { speciesId: '2', speciesName: '丹顶鹤', licenceNo: 'FY-1', approved: '', held: 3, percent: '' },
      ]),
    });
    renderPage(<PermitHomeCard />);
    const card = await screen.findByTestId('home-permits');
    expect(await within(card).findByText('60天内到期的许可证(2)')).toBeInTheDocument();
    expect(within(card).getByText('5 天后到期').closest('.ant-tag')).toHaveClass('ant-tag-red');
    expect(within(card).getByText('40 天后到期').closest('.ant-tag')).toHaveClass('ant-tag-gold');
    expect(within(card).getByText('大熊猫:存栏 10 / 核准 8')).toBeInTheDocument();
    expect(within(card).getByText('125%')).toBeInTheDocument();
    // A species without an approved quantity has no quota to show.
    expect(within(card).queryByText(/丹顶鹤/)).toBeNull();
    expect(seen.calls.find((c) => c.path === '/api/zoo-permit/permit/expiring')?.query).toMatchObject({ days: '60' });
  });
});
