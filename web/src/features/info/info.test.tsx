import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch, wholeRow } from '../../test/fetch-stub';
import { signIn } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { useSession } from '../../lib/session';
import InfoPage from './info.page';

const user = wholeRow('GET /api/blade-user/info', {
  id: '1',
  tenantId: '000000',
  account: 'admin',
  name: '管理员',
  realName: '张三',
  avatar: '',
  email: 'admin@zoo.cn',
  phone: '13800138000',
});
const UPDATE = 'POST /api/blade-user/update-info';
const PUT = 'POST /api/blade-resource/oss/endpoint/put-file';
const PASSWORD = 'POST /api/blade-user/update-password';
const LINK = '/api/blade-resource/oss/endpoint/file/000000/a.png';

function server(password: Parameters<typeof stubFetch>[0][string] = ok({})) {
  return stubFetch({
    'GET /api/blade-user/info': ok(user),
    [UPDATE]: ok({}),
    [PUT]: ok({ link: LINK, domain: '', name: 'a.png', originalName: 'me.png' }),
    [PASSWORD]: password,
  });
}

async function open(password?: Parameters<typeof server>[0]) {
  signIn();
  const net = server(password);
  const view = renderPage(<InfoPage />);
  await waitFor(() => expect(screen.getByLabelText('手机号')).toHaveValue('13800138000'));
  return { net, ...view };
}

const phoneError = async (value: string, message: string) => {
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: '提交' }));
  await waitFor(() => expect(document.querySelector('#user-info_phone_help')?.textContent).toBe(message));
};

describe('personal info page', () => {
  it('checks the phone in the spec order with the verbatim messages and sends nothing', async () => {
    const { net } = await open();
    await phoneError('', '手机号码不能为空');
    await phoneError('1380013800', '手机号码长度不为11位');
    await phoneError('12800138000', '手机号码格式不正确');
    expect(net.to(UPDATE)).toHaveLength(0);
  });

  it('uploads a PNG avatar as put-file?type=avatar and saves the profile with update-info', async () => {
    const { net, container } = await open();
    const png = new File([new Uint8Array(1024)], 'me.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [png] } });
    await waitFor(() => expect(net.to(PUT)).toHaveLength(1));
    expect(net.to(PUT)[0]!.query).toEqual({ type: 'avatar' });
    expect(((net.to(PUT)[0]!.body as FormData).get('file') as File).name).toBe('me.png');
    await waitFor(() => expect(container.querySelector(`img[src="${LINK}"]`)).not.toBeNull());
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '李四' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('修改信息成功!')).toBeInTheDocument();
    expect(net.to(UPDATE)[0]!.body).toEqual({ avatar: LINK, realName: '李四', name: '管理员', phone: '13800138000', email: 'admin@zoo.cn' });
    expect(useSession.getState().userInfo).toMatchObject({ avatar: LINK, real_name: '李四' });
  });

  it('refuses a GIF or a file over 500 KB before uploading', async () => {
    const { net, container } = await open();
    const input = () => container.querySelector('input[type=file]')!;
    fireEvent.change(input(), { target: { files: [new File([new Uint8Array(10)], 'a.gif', { type: 'image/gif' })] } });
    expect((await screen.findAllByText('头像只能是 JPG 或 PNG 格式的图片')).length).toBeGreaterThan(0);
    fireEvent.change(input(), { target: { files: [new File([new Uint8Array(500 * 1024 + 1)], 'big.png', { type: 'image/png' })] } });
    expect((await screen.findAllByText('头像图片大小不能超过 500KB')).length).toBeGreaterThan(0);
    expect(net.to(PUT)).toHaveLength(0);
  });

  it('changes the password with md5 digests of all three values', async () => {
    const { net } = await open();
    fireEvent.click(screen.getByRole('tab', { name: '修改密码' }));
    const pane = screen.getByRole('tabpanel', { name: '修改密码' });
    fireEvent.click(within(pane).getByRole('button', { name: '提交' }));
    expect(await within(pane).findByText('请输入原密码')).toBeInTheDocument();
    fireEvent.change(within(pane).getByLabelText('原密码'), { target: { value: 'admin' } });
    fireEvent.change(within(pane).getByLabelText('新密码'), { target: { value: 'zoo2026' } });
    fireEvent.change(within(pane).getByLabelText('确认密码'), { target: { value: 'zoo2026' } });
    fireEvent.click(within(pane).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('修改密码成功!')).toBeInTheDocument();
    expect(net.to(PASSWORD)[0]!.query).toEqual({ oldPassword: md5('admin'), newPassword: md5('zoo2026'), newPassword1: md5('zoo2026') });
  });

  it("shows the server's message when it refuses the password change", async () => {
    await open({ status: 400, body: { code: 400, success: false, data: {}, msg: '原密码不正确!' } });
    fireEvent.click(screen.getByRole('tab', { name: '修改密码' }));
    const pane = screen.getByRole('tabpanel', { name: '修改密码' });
    fireEvent.change(within(pane).getByLabelText('原密码'), { target: { value: 'wrong' } });
    fireEvent.change(within(pane).getByLabelText('新密码'), { target: { value: 'a' } });
    fireEvent.change(within(pane).getByLabelText('确认密码'), { target: { value: 'a' } });
    fireEvent.click(within(pane).getByRole('button', { name: '提交' }));
    expect(await within(pane).findByText('原密码不正确!')).toBeInTheDocument();
  });
});
