import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dictionaryRoute } from '../../../test/dict-stub';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import OssPage from '../oss/oss.page';
import SmsPage from '../sms/sms.page';
import { clickRowAction, rowActionNames } from '../../../test/row-action';

const base = { tenantId: '000000', createUser: '', createDept: '', createTime: '', updateUser: '', updateTime: '', isDeleted: 0, remark: '' };
const ossRow = (id: string, ossCode: string, status: number) => ({
  ...base,
  id,
  status,
  statusName: status === 2 ? '是' : '否',
  category: 1,
  categoryName: 'minio',
  ossCode,
  endpoint: 'http://minio.zoo.cn:9000',
  accessKey: 'AKIDzoo123456',
  secretKey: '******',
  bucketName: 'zoo',
  appId: '',
  region: '',
});
const smsRow = {
  ...base,
  id: '31',
  status: 1,
  statusName: '否',
  category: 5,
  categoryName: '日志输出',
  smsCode: 'log-sms',
  templateId: '',
  accessKey: '',
  secretKey: '',
  regionId: '',
  signName: '',
  appId: '',
  endpoint: '',
};

function server() {
  return stubFetch({
    'GET /api/blade-resource/oss/list': pageOf([ossRow('1', 'minio-a', 2), ossRow('2', 'minio-b', 1)]),
    'GET /api/blade-resource/oss/detail': (req) => ok(ossRow(req.query.id!, req.query.id === '1' ? 'minio-a' : 'minio-b', 1)),
    'POST /api/blade-resource/oss/submit': ok({}),
    'POST /api/blade-resource/oss/enable': ok({}),
    'POST /api/blade-resource/oss/endpoint/put-file': ok({
      link: '/api/blade-resource/oss/endpoint/file/x.png',
      domain: '',
      name: 'x.png',
      originalName: 'x.png',
    }),
    'GET /api/blade-resource/sms/list': pageOf([smsRow]),
    'POST /api/blade-resource/sms/enable': ok({}),
    'POST /api/blade-resource/sms/endpoint/send-message': ok({ provider: 'log', phones: ['13800138000'], requestId: 'r1' }),
    ...dictionaryRoute({
      oss: [
        ['1', 'minio'],
        ['5', '本地存储'],
      ],
      sms: [['5', '日志输出']],
    }),
  });
}

const dialog = () => screen.getByRole('dialog');

describe('OSS and SMS configuration screens', () => {
  it('masks the keys and offers 启用 only on the configurations not enabled', async () => {
    signIn();
    server();
    renderPage(<OssPage />);
    const on = (await screen.findByText('minio-a')).closest('tr')!;
    const off = screen.getByText('minio-b').closest('tr')!;
    expect(within(on).getByText('已启用')).toBeInTheDocument();
    expect(within(on).getByText('AKID********')).toBeInTheDocument();
    expect(within(on).getByText('******')).toBeInTheDocument();
    expect(screen.queryByText('AKIDzoo123456')).not.toBeInTheDocument();
    expect(await rowActionNames(on)).not.toContain('启用');
    expect(within(off).getByText('未启用')).toBeInTheDocument();
    expect(await rowActionNames(off)).toContain('调试');
  });

  it('enables a configuration after a confirmation and reloads the list', async () => {
    signIn();
    const net = server();
    renderPage(<OssPage />);
    const off = (await screen.findByText('minio-b')).closest('tr')!;
    const before = net.to('GET /api/blade-resource/oss/list').length;
    await clickRowAction(off, '启用');
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(net.to('POST /api/blade-resource/oss/enable')[0]!.query).toEqual({ id: '2' });
    await waitFor(() => expect(net.to('GET /api/blade-resource/oss/list').length).toBeGreaterThan(before));
  });

  it('edits with the secret in a password box and sends the placeholder back unchanged', async () => {
    signIn();
    const net = server();
    renderPage(<OssPage />);
    fireEvent.click(within((await screen.findByText('minio-b')).closest('tr')!).getByRole('button', { name: '编辑' }));
    const secret = await within(dialog()).findByLabelText('secretKey');
    await waitFor(() => expect(secret).toHaveValue('******'));
    expect(secret).toHaveAttribute('type', 'password');
    fireEvent.change(within(dialog()).getByLabelText('空间名'), { target: { value: 'zoo-photos' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-resource/oss/submit')[0]!.body).toMatchObject({ id: '2', bucketName: 'zoo-photos', secretKey: '******' });
  });

  it('调试 uploads a file through put-file with this configuration and shows the link', async () => {
    signIn();
    const net = server();
    renderPage(<OssPage />);
    await clickRowAction((await screen.findByText('minio-b')).closest('tr')!, '调试');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'x.png', { type: 'image/png' });
    fireEvent.change(within(dialog()).getByLabelText('选择文件'), { target: { files: [file] } });
    expect(await within(dialog()).findByRole('link', { name: '/api/blade-resource/oss/endpoint/file/x.png' })).toBeInTheDocument();
    expect(net.to('POST /api/blade-resource/oss/endpoint/put-file')[0]!.query).toEqual({ code: 'minio-b' });
  });

  it('hides 启用 without the enable code', async () => {
    signIn({ role_name: 'clerk' }, [], { oss_edit: true });
    server();
    renderPage(<OssPage />);
    const off = (await screen.findByText('minio-b')).closest('tr')!;
    expect(await rowActionNames(off)).not.toContain('启用');
    expect(within(off).queryByRole('button', { name: '调试' })).not.toBeInTheDocument();
  });

  it('SMS: checks the phone numbers, then sends a test message with this configuration', async () => {
    signIn();
    const net = server();
    renderPage(<SmsPage />);
    const tr = (await screen.findByText('log-sms')).closest('tr')!;
    expect(within(tr).getByRole('button', { name: '启用' })).toBeInTheDocument();
    await clickRowAction(tr, '发送测试短信');
    const phones = await within(dialog()).findByLabelText('手机号码');
    const send = () => fireEvent.click(within(dialog()).getByRole('button', { name: '发送' }));
    send();
    expect(await within(dialog()).findByText('手机号码不能为空')).toBeInTheDocument();
    fireEvent.change(phones, { target: { value: '1380013800' } });
    expect(await within(dialog()).findByText('手机号码长度不为11位')).toBeInTheDocument();
    fireEvent.change(phones, { target: { value: '12800138000' } });
    expect(await within(dialog()).findByText('手机号码格式不正确')).toBeInTheDocument();
    fireEvent.change(phones, { target: { value: '13800138000' } });
    fireEvent.change(within(dialog()).getByLabelText('短信参数'), { target: { value: '{"code":"1234"}' } });
    send();
    expect(await screen.findByText('发送成功!')).toBeInTheDocument();
    expect(net.to('POST /api/blade-resource/sms/endpoint/send-message')[0]!.query).toEqual({
      code: 'log-sms',
      phones: '13800138000',
      params: '{"code":"1234"}',
    });
  });
});
