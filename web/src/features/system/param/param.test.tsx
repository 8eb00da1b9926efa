import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, type SeenRequest, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ParamPage from './param.page';
import { clickRowAction } from '../../../test/row-action';

const LIST = 'GET /api/blade-system/param/list';
const row = (id: string, paramName: string, paramKey: string) =>
  wholeRow('GET /api/blade-system/param/list', {
    id,
    paramName,
    paramKey,
    paramValue: `${paramKey}-value`,
    remark: '',
  });
const rows = [row('1', '邮件服务器', 'mail.host'), row('2', '初始密码', 'account.initPassword')];

function server() {
  return stubFetch({
    [LIST]: (req) => pageOf(rows, 25, Number(req.query.current), Number(req.query.size)),
    'GET /api/blade-system/param/detail': (req) => ok({ ...rows.find((r) => r.id === req.query.id), remark: '来自详情' }),
    'POST /api/blade-system/param/submit': ok({}),
    'POST /api/blade-system/param/remove': ok({}),
  });
}

const lastList = (net: ReturnType<typeof stubFetch>): SeenRequest['query'] => net.to(LIST).at(-1)!.query;
const dialog = () => screen.getByRole('dialog');
const fill = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

async function openPage(permission?: Record<string, true>) {
  if (permission) signIn({ role_name: 'hr' }, [], permission);
  else signIn();
  const net = server();
  renderPage(<ParamPage />);
  await screen.findByText('mail.host');
  return net;
}

describe('system parameter page', () => {
  it('loads page 1 with 10 rows per page and shows the total', async () => {
    const net = await openPage();
    expect(lastList(net)).toEqual({ current: '1', size: '10' });
    expect(screen.getByText('邮件服务器')).toBeInTheDocument();
    expect(screen.getByText('共 25 条')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '参数键值' })).toBeInTheDocument();
  });

  it('sends the chosen page and page size', async () => {
    const net = await openPage();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastList(net)).toEqual({ current: '2', size: '10' }));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('30 条/页'));
    await waitFor(() => expect(lastList(net).size).toBe('30'));
  });

  it('searches without empty values and starts again at page 1', async () => {
    const net = await openPage();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastList(net).current).toBe('2'));
    fireEvent.change(screen.getByLabelText('参数名称'), { target: { value: '邮件' } });
    fireEvent.change(screen.getByLabelText('参数键名'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(lastList(net)).toEqual({ current: '1', size: '10', paramName: '邮件' }));
    // The same search again asks the server again (new rows may have come in).
    const calls = net.to(LIST).length;
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(net.to(LIST).length).toBe(calls + 1));
    expect(lastList(net)).toEqual({ current: '1', size: '10', paramName: '邮件' });
    fireEvent.click(screen.getByRole('button', { name: /清空/ }));
    await waitFor(() => expect(lastList(net)).toEqual({ current: '1', size: '10' }));
    expect(screen.getByLabelText('参数名称')).toHaveValue('');
  });

  it('shows the contract messages verbatim and submits nothing when required fields are empty', async () => {
    const net = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    fill('参数名称', '   ');
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    // Each field's message renders when its own validation settles: under load they do not all land in one tick.
    expect(await within(dialog()).findByText('请输入参数名称')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请输入参数键名')).toBeInTheDocument();
    expect(await within(dialog()).findByText('请输入参数键值')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/param/submit')).toHaveLength(0);
  });

  it('adds a parameter and refreshes the list', async () => {
    const net = await openPage();
    const before = net.to(LIST).length;
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    fill('参数名称', ' 短信签名 ');
    fill('参数键名', 'sms.sign');
    fill('参数键值', '动物园');
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/param/submit')[0].body).toEqual({ paramName: '短信签名', paramKey: 'sms.sign', paramValue: '动物园' });
    await waitFor(() => expect(net.to(LIST).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a row loaded through detail and sends its id', async () => {
    const net = await openPage();
    const tr = screen.getByText('mail.host').closest('tr')!;
    await clickRowAction(tr, '编辑');
    await waitFor(() => expect(within(dialog()).getByLabelText('备注')).toHaveValue('来自详情'));
    expect(net.to('GET /api/blade-system/param/detail')[0].query).toEqual({ id: '1' });
    fill('参数键值', 'smtp.zoo.cn');
    fireEvent.click(within(dialog()).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/param/submit')[0].body).toMatchObject({ id: '1', paramKey: 'mail.host', paramValue: 'smtp.zoo.cn' });
  });

  it('shows a read-only dialog for 查看', async () => {
    await openPage();
    const tr = screen.getByText('mail.host').closest('tr')!;
    await clickRowAction(tr, '查看');
    await waitFor(() => expect(within(dialog()).getByLabelText('参数键名')).toBeDisabled());
    expect(within(dialog()).queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(within(dialog()).getByText('关闭')).toBeInTheDocument();
  });

  it('asks for a selection, then confirms and deletes the selected rows', async () => {
    const net = await openPage();
    const batchDelete = () => fireEvent.click(screen.getByRole('button', { name: 'delete 删除' }));
    batchDelete();
    expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
    for (const key of ['mail.host', 'account.initPassword']) {
      fireEvent.click(within(screen.getByText(key).closest('tr')!).getByRole('checkbox'));
    }
    batchDelete();
    expect(await screen.findByText('确定将选择数据删除?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/param/remove')[0].query).toEqual({ ids: '1,2' });
  });

  it('shows only the buttons the permission map grants', async () => {
    await openPage({ param_view: true });
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'delete 删除' })).not.toBeInTheDocument();
    const tr = screen.getByText('mail.host').closest('tr')!;
    expect(within(tr).getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(within(tr).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });
});
