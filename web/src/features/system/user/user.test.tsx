import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import UserPage from './user.page';

const node = (key: string, title: string, hasChildren?: boolean) => ({ id: key, parentId: '0', key, value: key, title, hasChildren });
const user = (id: string, account: string, tenantId = '000000') =>
  wholeRow('GET /api/blade-user/page', {
    id,
    tenantId,
    code: '',
    userType: 1,
    account,
    name: `${account}昵称`,
    realName: `${account}姓名`,
    avatar: '',
    email: '',
    phone: '',
    birthday: '',
    sex: -1,
    roleId: '5',
    deptId: '9',
    postId: '',
    tenantName: '管理组',
    roleName: '饲养员',
    deptName: '兽医部',
    postName: '',
    sexName: '',
    userTypeName: 'WEB',
    isDeleted: 0,
    status: 1,
  });
const PAGE = 'GET /api/blade-system/../blade-user/page'.replace('/blade-system/..', '');
const job = (over: object) => ({ jobId: '77', status: 'running', total: 3, processed: 0, succeeded: 0, failed: 0, errors: [], msg: '', ...over });

function server() {
  let polls = 0;
  return stubFetch({
    [PAGE]: pageOf([user('1', 'keeper'), user('2', 'vet'), { ...user('3', 'zooadmin', '100000'), roleId: '50', deptId: '90', tenantName: '示范动物园' }]),
    'GET /api/blade-system/dept/lazy-tree': (req) => ok(req.query.parentId === '0' ? [node('8', '动物园', true)] : [node('9', '兽医部', false)]),
    'GET /api/blade-system/tenant/select': ok([
      { id: '1', tenantId: '000000', tenantName: '管理组' },
      { id: '2', tenantId: '100000', tenantName: '示范动物园' },
    ]),
    'GET /api/blade-system/role/tree': (req) => ok(req.query.tenantId === '100000' ? [node('50', '园长')] : [node('5', '饲养员')]),
    'GET /api/blade-system/dept/tree': (req) => ok(req.query.tenantId === '100000' ? [node('90', '示范园兽医部')] : [node('9', '兽医部')]),
    'GET /api/blade-system/post/select': ok([]),
    'POST /api/blade-user/submit': ok({}),
    'GET /api/blade-user/detail': (req) =>
      ok(
        req.query.id === '3'
          ? { ...user('3', 'zooadmin', '100000'), roleId: '50', deptId: '90', tenantName: '示范动物园', roleName: '园长', deptName: '示范园兽医部' }
          : user(req.query.id!, 'vet'),
      ),
    'POST /api/blade-user/reset-password': ok({}),
    'POST /api/blade-user/import-user': ok(job({ failed: 1, processed: 1, errors: [{ row: 3, reason: '角色 [x] 不存在' }] })),
    'GET /api/blade-user/import-progress': () => {
      polls += 1;
      return ok(
        job(
          polls < 2
            ? { processed: 2, failed: 1, succeeded: 1, errors: [{ row: 3, reason: '角色 [x] 不存在' }] }
            : { status: 'finished', processed: 3, succeeded: 2, failed: 1, errors: [{ row: 3, reason: '角色 [x] 不存在' }] },
        ),
      );
    },
    ...dictionaryRoute({ sex: [['1', '男']], user_type: [['1', 'WEB']] }),
  });
}

const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const button = (scope: ParentNode, text: string) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text) as HTMLElement;

describe('user page', { timeout: 90_000 }, () => {
  it('a department of the tree filters the users; the platform admin picks the tenant, whose roles and departments load', async () => {
    signIn();
    const net = server();
    renderPage(<UserPage />);
    await screen.findByText('keeper');
    fireEvent.click(await screen.findByText('动物园'));
    await waitFor(() => expect(net.to(PAGE).at(-1)!.query).toEqual({ current: '1', size: '10', deptId: '8' }));

    fireEvent.click(button(document, '新增'));
    await waitFor(() => expect(modal()).toBeTruthy());
    fireEvent.click(button(modal(), '保存'));
    expect(await within(modal()).findByText('请输入登录账号')).toBeInTheDocument();
    const errors = () => [...modal().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(() =>
      expect(errors()).toEqual(expect.arrayContaining(['请输入用户昵称', '请输入用户姓名', '请输入密码', '请选择所属角色', '请选择所属部门'])),
    );

    fireEvent.mouseDown(within(modal()).getByLabelText('所属租户'));
    fireEvent.click(await screen.findByTitle('示范动物园 (100000)'));
    await waitFor(() => expect(net.to('GET /api/blade-system/role/tree').some((r) => r.query.tenantId === '100000')).toBe(true));
    fireEvent.change(within(modal()).getByLabelText('登录账号'), { target: { value: 'zhang' } });
    fireEvent.change(within(modal()).getByLabelText('用户昵称'), { target: { value: '小张' } });
    fireEvent.change(within(modal()).getByLabelText('用户姓名'), { target: { value: '张三' } });
    fireEvent.change(within(modal()).getByLabelText('密码'), { target: { value: 'secret1' } });
    fireEvent.change(within(modal()).getByLabelText('确认密码'), { target: { value: 'secret2' } });
    expect(await within(modal()).findByText('两次输入密码不一致!')).toBeInTheDocument();
    fireEvent.change(within(modal()).getByLabelText('确认密码'), { target: { value: 'secret1' } });
    await waitFor(() => expect(within(modal()).queryByText('两次输入密码不一致!')).not.toBeInTheDocument());
    fireEvent.mouseDown(within(modal()).getByLabelText('所属角色'));
    fireEvent.click(await screen.findByTitle('园长'));
    fireEvent.mouseDown(within(modal()).getByLabelText('所属部门'));
    fireEvent.click(await screen.findByTitle('示范园兽医部'));
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-user/submit')[0]!.body).toEqual({
      tenantId: '100000',
      account: 'zhang',
      name: '小张',
      realName: '张三',
      // Plain text: the server stores argon2id(md5(plain)) (contract §2.5).
      password: 'secret1',
      password2: 'secret1',
      roleId: '50',
      deptId: '90',
      postId: '',
    });
  });

  it('a tenant admin has no tenant field; 密码重置 confirms and sends the selected users', async () => {
    signIn({ tenant_id: '100000', role_name: 'admin' }, [], { user_add: true, user_reset: true, user_view: true });
    const net = server();
    renderPage(<UserPage />);
    const tr = (await screen.findByText('vet')).closest('tr')!;
    expect(button(document, '角色配置')).toBeUndefined();
    expect(button(document, '导入')).toBeUndefined();
    fireEvent.click(button(document, '新增'));
    await waitFor(() => expect(modal()).toBeTruthy());
    expect(within(modal()).queryByLabelText('所属租户')).not.toBeInTheDocument();
    fireEvent.click(button(modal(), '取消'));

    fireEvent.click(tr.querySelector('input[type=checkbox]')!);
    fireEvent.click(button(document, '密码重置'));
    expect(await screen.findByText('确定将选择账号密码重置为123456?')).toBeInTheDocument();
    fireEvent.click(await waitFor(() => button(document.querySelector('.ant-modal-confirm')!, '确定')));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(net.to('POST /api/blade-user/reset-password')[0]!.query).toEqual({ userIds: '2' });
  });

  it('import uploads the file, follows the job and shows the per-row report', async () => {
    signIn();
    const net = server();
    renderPage(<UserPage />);
    await screen.findByText('keeper');
    fireEvent.click(button(document, '导入'));
    await waitFor(() => expect(modal()).toBeTruthy());
    const file = new File(['xlsx'], 'users.xlsx');
    fireEvent.change(modal().querySelector('input[type=file]')!, { target: { files: [file] } });
    await waitFor(() => expect(button(modal(), '开始导入')).not.toBeDisabled());
    fireEvent.click(button(modal(), '开始导入'));
    expect(await within(modal()).findByText('导入完成: 共 3 行, 成功 2 行, 失败 1 行', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(modal()).getByText('角色 [x] 不存在')).toBeInTheDocument();
    expect(net.to('POST /api/blade-user/import-user')[0]!.query).toEqual({ isCovered: '0' });
    expect(net.to('GET /api/blade-user/import-progress').at(-1)!.query).toEqual({ jobId: '77' });
  });

  it('edit loads the detail (an unset sex shows empty) and submits with the id, without password fields', async () => {
    signIn();
    const net = server();
    renderPage(<UserPage />);
    const tr = (await screen.findByText('vet')).closest('tr')!;
    fireEvent.click(button(tr, '编辑'));
    await waitFor(() => expect(within(modal()).getByLabelText('登录账号')).toHaveValue('vet'));
    expect(within(modal()).queryByLabelText('密码')).not.toBeInTheDocument();
    expect(within(modal()).queryByLabelText('所属租户')).not.toBeInTheDocument();
    await waitFor(() => expect(modal().textContent).not.toContain('-1'));
    fireEvent.change(within(modal()).getByLabelText('用户姓名'), { target: { value: '王兽医' } });
    fireEvent.click(button(modal(), '修改'));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-user/submit')[0]!.body).toMatchObject({ id: '2', account: 'vet', realName: '王兽医', roleId: '5', deptId: '9' });
  });

  it("the platform admin viewing another tenant's user sees its role and department by name, from that tenant's lists", async () => {
    signIn();
    const net = server();
    renderPage(<UserPage />);
    const tr = (await screen.findByText('zooadmin')).closest('tr')!;
    fireEvent.click(button(tr, '查看'));
    await waitFor(() => expect(within(modal()).getByLabelText('登录账号')).toHaveValue('zooadmin'));
    expect(await within(modal()).findByText('园长')).toBeInTheDocument();
    expect(await within(modal()).findByText('示范园兽医部')).toBeInTheDocument();
    expect(within(modal()).queryByText('50')).not.toBeInTheDocument();
    expect(within(modal()).getByLabelText('所属租户')).toHaveValue('示范动物园');
    expect(net.to('GET /api/blade-system/role/tree').some((r) => r.query.tenantId === '100000')).toBe(true);
  });
});
