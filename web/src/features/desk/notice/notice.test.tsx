import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, wholeRow, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { pick } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import NoticePage from './notice.page';

const LIST = 'GET /api/blade-desk/notice/list';
const SUBMIT = 'POST /api/blade-desk/notice/submit';
const row = wholeRow('GET /api/blade-desk/notice/list', {
  id: '7',
  tenantId: '000000',
  title: '大熊猫馆闭馆通知',
  category: 1,
  categoryName: '发布通知',
  releaseTime: '2026-11-20 00:00:00',
  content: '周一闭馆维护',
  audienceRoles: '',
  audienceName: '',
});
const vetsOnly = {
  ...row,
  id: '8',
  title: '兽医例会',
  releaseTime: '2026-11-21 00:00:00',
  category: 2,
  categoryName: '批转通知',
  audienceRoles: 'vet',
  audienceName: '兽医',
};
const role = (id: string, roleName: string, roleAlias: string) =>
  wholeRow('GET /api/blade-system/role/select', { id, tenantId: '330001', parentId: '0', roleName, roleAlias, sort: 1, isDeleted: 0, parentName: '顶级' });

function server() {
  return stubFetch({
    [LIST]: pageOf([row, vetsOnly]),
    'GET /api/blade-system/role/select': ok([role('1', '管理员', 'admin'), role('2', '兽医', 'vet'), role('3', '饲养员', 'keeper')]),
    'GET /api/blade-desk/notice/detail': ok(row),
    [SUBMIT]: ok({}),
    'POST /api/blade-desk/notice/remove': ok({}),
    ...dictionaryRoute({
      notice: [
        ['1', '发布通知'],
        ['2', '批转通知'],
      ],
    }),
  });
}

const dialog = () => screen.getByRole('dialog');

async function openPage() {
  signIn();
  const net = server();
  renderPage(<NoticePage />);
  await screen.findByText('大熊猫馆闭馆通知');
  return net;
}

describe('notice page', () => {
  it('lists notices with the category and date columns', async () => {
    await openPage();
    expect(screen.getByRole('columnheader', { name: '通知标题' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '通知类型' })).toBeInTheDocument();
    expect(screen.getByText('2026-11-20 00:00:00')).toBeInTheDocument();
    expect(await screen.findByText('发布通知')).toBeInTheDocument();
  });

  it('requires title, category and date, then adds a notice', async () => {
    const net = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect([...dialog().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual([
        '请输入通知标题',
        '请选择通知类型',
        '请输入通知日期',
      ]),
    );

    fireEvent.change(within(dialog()).getByLabelText('通知标题'), { target: { value: '冬季开放时间调整' } });
    fireEvent.mouseDown(within(dialog()).getByLabelText('通知类型'));
    fireEvent.click(await screen.findByTitle('批转通知'));
    pick(within(dialog()).getByLabelText('通知日期'), '2026-12-01');
    fireEvent.change(within(dialog()).getByLabelText('通知内容'), { target: { value: '9:00-16:00' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to(SUBMIT)[0]!.body).toEqual({ title: '冬季开放时间调整', category: 2, releaseTime: '2026-12-01 00:00:00', content: '9:00-16:00' });
  });

  it('shows whom each notice is for and addresses a new one to roles picked by name (decision 0051)', async () => {
    const net = await openPage();
    expect(screen.getByRole('columnheader', { name: '通知对象' })).toBeInTheDocument();
    expect(within(screen.getByText('大熊猫馆闭馆通知').closest('tr')!).getByText('全员')).toBeInTheDocument();
    expect(within(screen.getByText('兽医例会').closest('tr')!).getByText('兽医')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    fireEvent.change(within(dialog()).getByLabelText('通知标题'), { target: { value: '狂犬疫苗到货' } });
    fireEvent.mouseDown(within(dialog()).getByLabelText('通知类型'));
    fireEvent.click(await screen.findByTitle('发布通知'));
    pick(within(dialog()).getByLabelText('通知日期'), '2026-12-01');
    fireEvent.mouseDown(within(dialog()).getByLabelText('通知对象'));
    fireEvent.click(await screen.findByTitle('兽医'));
    fireEvent.click(await screen.findByTitle('管理员'));
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to(SUBMIT)[0]!.body).toEqual({ title: '狂犬疫苗到货', category: 1, releaseTime: '2026-12-01 00:00:00', audienceRoles: 'vet,admin' });
  });

  it('keeps what the user typed while the record was still loading, and fills the rest from it', async () => {
    signIn();
    let answer: (r: ReturnType<typeof ok>) => void = () => {};
    const net = stubFetch({
      [LIST]: pageOf([row]),
      'GET /api/blade-desk/notice/detail': () => new Promise((resolve) => (answer = resolve)),
      [SUBMIT]: ok({}),
      ...dictionaryRoute({ notice: [['1', '发布通知']] }),
    });
    renderPage(<NoticePage />);
    fireEvent.click(within((await screen.findByText('大熊猫馆闭馆通知')).closest('tr')!).getByRole('button', { name: '编辑' }));
    // The dialog opens with the list's row; the title is replaced before the record arrives.
    await waitFor(() => expect(within(dialog()).getByLabelText('通知标题')).toHaveValue('大熊猫馆闭馆通知'));
    fireEvent.change(within(dialog()).getByLabelText('通知标题'), { target: { value: '大熊猫馆开馆通知' } });
    await waitFor(() => expect(net.to('GET /api/blade-desk/notice/detail')).toHaveLength(1));
    answer(ok({ ...row, content: '周一闭馆维护,周二照常' }));
    await waitFor(() => expect(within(dialog()).getByLabelText('通知内容')).toHaveValue('周一闭馆维护,周二照常'));
    expect(within(dialog()).getByLabelText('通知标题')).toHaveValue('大熊猫馆开馆通知');
    fireEvent.click(within(dialog()).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(net.to(SUBMIT)[0]!.body).toMatchObject({ id: '7', title: '大熊猫馆开馆通知', content: '周一闭馆维护,周二照常' });
  });

  it('shows a notice read-only in the view dialog', async () => {
    await openPage();
    fireEvent.click(within(screen.getByText('大熊猫馆闭馆通知').closest('tr')!).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(within(dialog()).getByLabelText('通知内容')).toHaveValue('周一闭馆维护'));
    expect(within(dialog()).getByLabelText('通知标题')).toBeDisabled();
  });

  it('searches a date range under releaseTime_datege / releaseTime_datelt as picked', async () => {
    const net = await openPage();
    const [from, to] = screen.getAllByPlaceholderText(/日期/);
    pick(from!, '2026-11-01 08:00:00');
    pick(to!, '2026-11-30 18:30:00');
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() =>
      expect(net.to(LIST).at(-1)!.query).toEqual({
        current: '1',
        size: '10',
        releaseTime_datege: '2026-11-01 08:00:00',
        releaseTime_datelt: '2026-11-30 18:30:00',
      }),
    );
  });
});
