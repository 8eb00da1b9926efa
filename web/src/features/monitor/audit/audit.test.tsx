import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption, pick } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import AuditPage from './audit.page';
import { clickRowAction } from '../../../test/row-action';

const row = {
  id: '9001',
  tenantId: '100000',
  tableName: 'zoo_animal',
  resource: 'animal',
  title: '动物个体',
  recordId: '203',
  action: 'update',
  userId: '12',
  userName: '园区管理员',
  deptId: '',
  actorTenantId: '100000',
  clientIp: '10.0.0.9',
  requestId: 'req-1',
  reason: '更正名字',
  changes: [
    { field: 'animalName', before: '乐乐', after: '欢欢' },
    { field: 'sireMark', before: '', after: 'WILD' },
    { field: 'remark', before: '', after: '' },
    // Ids beyond 2^53 arrive as strings (the trail stores them so): shown digit for digit.
    { field: 'populationId', before: '1869581234567890123', after: '1869581234567890125' },
  ],
  createTime: '2026-11-23 10:15:00',
};

const LIST = 'GET /api/blade-log/audit/list';

function server() {
  return stubFetch({
    [LIST]: pageOf([row]),
    'GET /api/blade-log/audit/tables': ok([
      { tableName: 'zoo_animal', resource: 'animal', title: '动物个体' },
      { tableName: 'zoo_cage', resource: 'cage', title: '笼舍' },
    ]),
  });
}

afterEach(() => vi.restoreAllMocks());

describe('audit screen', { timeout: 60_000 }, () => {
  it('lists audit rows read-only with their type, action and operator', async () => {
    signIn({}, [], { audit_view: true });
    server();
    renderPage(<AuditPage />);
    const tr = (await screen.findByText('园区管理员')).closest('tr')!;
    expect(within(tr).getByText('动物个体')).toBeInTheDocument();
    expect(within(tr).getByText('修改')).toBeInTheDocument();
    expect(within(tr).getByText('更正名字')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('filters by table, operator, action and time range under the contract filter keys', async () => {
    signIn({}, [], { audit_view: true });
    const net = server();
    renderPage(<AuditPage />);
    await screen.findByText('园区管理员');
    const form = screen.getByRole('button', { name: /搜索/ }).closest('form')!;
    await chooseOption(form, '数据表', '笼舍 (zoo_cage)');
    await chooseOption(form, '操作', '删除');
    fireEvent.change(within(form).getByLabelText('操作人'), { target: { value: '管理' } });
    const [from, to] = screen.getAllByPlaceholderText(/日期/);
    pick(from!, '2026-11-01 00:00:00');
    pick(to!, '2026-11-23 23:59:59');
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(net.to(LIST).at(-1)!.query).toEqual({
        current: '1',
        size: '10',
        tableName_equal: 'zoo_cage',
        action_equal: 'delete',
        userName: '管理',
        createTime_dategt: '2026-11-01 00:00:00',
        createTime_datelt: '2026-11-23 23:59:59',
      }),
    );
  });

  it('shows each changed field before → after, labelled by the record title or else its key', async () => {
    signIn({}, [], { audit_view: true });
    server();
    renderPage(<AuditPage />);
    const tr = (await screen.findByText('园区管理员')).closest('tr')!;
    await clickRowAction(tr, '查看');
    const dialog = await screen.findByRole('dialog');
    const changes = within(dialog).getByTestId('audit-changes');
    const name = within(changes).getByText('名字').closest('tr')!;
    expect([...name.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['名字', '乐乐', '欢欢']);
    const mark = within(changes).getByText('sireMark').closest('tr')!;
    expect([...mark.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['sireMark', '∅', 'WILD']);
    // A column written with the same value is no change.
    expect(within(changes).queryByText('remark')).not.toBeInTheDocument();
    const pop = within(changes).getByText('1869581234567890123').closest('tr')!;
    expect([...pop.querySelectorAll('td')].map((td) => td.textContent).slice(1)).toEqual(['1869581234567890123', '1869581234567890125']);
    expect(within(dialog).getByText('10.0.0.9')).toBeInTheDocument();
    expect(within(dialog).getByText('更正名字')).toBeInTheDocument();
  });

  it('offers 查看 only with audit_view and 导出 only with audit_export, exporting the current filters', async () => {
    signIn({ role_name: 'clerk' }, [], {});
    server();
    const { unmount } = renderPage(<AuditPage />);
    const tr = (await screen.findByText('园区管理员')).closest('tr')!;
    expect(within(tr).queryByRole('button', { name: '查看' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出' })).not.toBeInTheDocument();
    unmount();

    signIn({ role_name: 'clerk' }, [], { audit_export: true });
    const net = server();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    renderPage(<AuditPage />);
    await screen.findByText('园区管理员');
    const form = screen.getByRole('button', { name: /搜索/ }).closest('form')!;
    await chooseOption(form, '数据表', '动物个体 (zoo_animal)');
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(net.to(LIST).at(-1)!.query.tableName_equal).toBe('zoo_animal'));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    expect(await screen.findByText('是否导出审计日志数据?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe('/api/blade-log/audit/export');
    expect(url.searchParams.get('tableName_equal')).toBe('zoo_animal');
    expect(url.searchParams.get('Blade-Auth')).toBeTruthy();
  });
});
