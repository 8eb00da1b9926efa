import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { Form } from 'antd';
import { PermitPick } from '../shared/permit-pick';
import PermitPage from './permit.page';
import { InventoryReportPanel } from './permit-reports';

const ATTACH = 'GET /api/zoo-biz-attach/bizAttach/list';
const permit = wholeRow('GET /api/zoo-permit/permit/list', {
  id: '41',
  tenantId: '300001',
  kind: 3,
  permitNo: 'YS-2026-7',
  issuingAuthority: '北京市园林绿化局',
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  lines: [{ speciesId: '9', speciesName: '丹顶鹤', sex: 1, quantity: 2, used: 0, remaining: 2 }],
  state: 'valid',
  daysLeft: 33,
  licenceOrigin: '',
});

/** A row action: in the row, or under 更多 when the row has more than its three buttons. */
async function rowAction(name: string) {
  await screen.findByText('YS-2026-7');
  const direct = screen.queryByRole('button', { name });
  if (direct) return fireEvent.click(direct);
  fireEvent.click(screen.getByRole('button', { name: /更多/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name }));
}

describe('许可证管理: scans of a permit', () => {
  it('lists, uploads and hangs a scan on the permit (bizType permit)', async () => {
    signIn({ tenant_id: '300001', role_name: 'admin' }, [], { permit_view: true, permit_edit: true });
    const scans: unknown[] = [];
    const net = stubFetch({
      'GET /api/zoo-permit/permit/list': pageOf([permit]),
      'GET /api/zoo-permit/permit/uses': ok([]),
      [ATTACH]: () => pageOf(scans),
      'POST /api/blade-resource/oss/endpoint/put-file-attach': ok({
        link: '/api/blade-resource/oss/endpoint/file/ys7.pdf',
        domain: '',
        name: 'ys7.pdf',
        originalName: '运输证明YS-2026-7.pdf',
        attachId: '95',
      }),
      'POST /api/zoo-biz-attach/bizAttach/submit': (req) => {
        scans.push(wholeRow(ATTACH, { id: '96', bizType: 'permit', bizId: '41', remark: '', ...(req.body as object) }));
        return ok({});
      },
      ...dictionaryRoute({}),
    });
    renderPage(<PermitPage />);
    // A line stating a sex says so.
    expect(await screen.findByText('丹顶鹤(雄)×2(剩余 2)')).toBeInTheDocument();
    await rowAction('扫描件');
    const drawer = await screen.findByRole('dialog');
    expect(drawer.querySelector('.ant-drawer-title')!.textContent).toBe('许可证 YS-2026-7');
    expect(await within(drawer).findByText('暂无扫描件')).toBeInTheDocument();
    expect(net.to(ATTACH)[0]!.query).toEqual({ bizType: 'permit', bizId: '41', current: '1', size: '100' });

    const input = drawer.querySelector('input[type=file]')!;
    expect(input.getAttribute('accept')).toBe('image/*,.pdf');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], '运输证明YS-2026-7.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('扫描件已上传')).toBeInTheDocument();
    expect(net.to('POST /api/zoo-biz-attach/bizAttach/submit')[0]!.body).toEqual({
      bizType: 'permit',
      bizId: '41',
      attachId: '95',
      link: '/api/blade-resource/oss/endpoint/file/ys7.pdf',
      originalName: '运输证明YS-2026-7.pdf',
    });
    await waitFor(() => expect(screen.getAllByTestId('permit-scan')).toHaveLength(1));
    // A PDF is a link to the file, not a broken image.
    expect(screen.getByRole('link', { name: '运输证明YS-2026-7.pdf' })).toHaveAttribute('href', '/api/blade-resource/oss/endpoint/file/ys7.pdf');
    // The same drawer has the use history.
    fireEvent.click(within(drawer).getByRole('tab', { name: '使用记录' }));
    expect(await within(drawer).findByText('尚未使用')).toBeInTheDocument();
  });

  it('shows no upload button without permit_edit (the server refuses it too)', async () => {
    signIn({ tenant_id: '300001', role_name: 'keeper' }, [], { permit_view: true });
    stubFetch({ 'GET /api/zoo-permit/permit/list': pageOf([permit]), [ATTACH]: pageOf([]), ...dictionaryRoute({}) });
    renderPage(<PermitPage />);
    await rowAction('扫描件');
    expect(await screen.findByText('暂无扫描件')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /上传扫描件/ })).toBeNull();
  });
});

describe('年度存栏报告: population members', () => {
  it("shows each population's heads without identifiers and its members' identifiers", async () => {
    signIn({ tenant_id: '300001', role_name: 'admin' }, [], { permit_view: true, permit_report: true });
    stubFetch({
      'GET /api/zoo-permit/report/inventory': ok({
        year: 2025,
        from: '2025-01-01',
        to: '2025-12-31',
        reconciled: true,
        rows: [
          {
            speciesId: '9',
            speciesName: '丹顶鹤',
            latinName: 'Grus japonensis',
            protectionClass: 1,
            protectionAuthority: 1,
            citesAppendix: 'I',
            licenceNo: 'LIC-1',
            opening: 5,
            born: 0,
            imported: 0,
            transferredIn: 0,
            census: 0,
            exported: 0,
            transferredOut: 0,
            died: 0,
            cancelled: 0,
            closing: 5,
            difference: 0,
            male: 2,
            female: 2,
            unknown: 1,
            permitNos: '',
            identifiers: 'GJ-3(156000000000003)',
            individuals: 2,
            populationHeads: 3,
            populations: [{ populationId: '71', populationName: '鹤群', heads: 3, memberCount: 1, members: 'GJ-1(ZY-0001)' }],
            unlisted: 0,
          },
        ],
      }),
    });
    renderPage(<InventoryReportPanel />);
    expect(await screen.findByTestId('inventory-population')).toHaveTextContent('鹤群:3只无个体标识;成员 GJ-1(ZY-0001)');
    expect(screen.getByText('GJ-3(156000000000003)')).toBeInTheDocument();
    expect(screen.getByTestId('inventory-reconciled')).toHaveClass('ant-alert-success');
  });
});

describe('the permit pick of a movement form', () => {
  it('says what is left per sex when a line states one', async () => {
    signIn({ tenant_id: '300001', role_name: 'admin' }, [], { permit_view: true });
    const two = { ...permit, lines: [...permit.lines, { speciesId: '9', speciesName: '丹顶鹤', sex: 0, quantity: 1, used: 1, remaining: 0 }] };
    stubFetch({ 'GET /api/zoo-permit/permit/list': pageOf([two]) });
    renderPage(
      <Form initialValues={{ speciesId: '9' }}>
        <Form.Item name="speciesId" hidden>
          <input />
        </Form.Item>
        <PermitPick id="permitIds" />
      </Form>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('YS-2026-7(野生动物运输证明,剩余 雄2、不限性别0,有效期至 2026-12-31)')).toBeInTheDocument();
  });
});
