import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import DatasourcePage from './datasource.page';

const LIST = 'GET /api/blade-develop/datasource/list';
const rec = wholeRow('GET /api/blade-develop/datasource/list', {
  id: '7',
  name: '本库',
  driverClass: 'org.postgresql.Driver',
  url: 'jdbc:postgresql://127.0.0.1:5432/zoo',
  username: 'postgres',
  hasPassword: true,
  remark: '',
});

function server() {
  return stubFetch({
    [LIST]: pageOf([rec], 1, 1, 10),
    'GET /api/blade-develop/datasource/detail': ok(rec),
    'POST /api/blade-develop/datasource/submit': ok({}),
    'POST /api/blade-develop/datasource/test': ok({ version: 'PostgreSQL 15.18 (Debian)', millis: 12 }),
  });
}
const dialog = () => screen.getByRole('dialog');
const fill = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

describe('datasource page', () => {
  it('lists without any password and tests a stored datasource by id', async () => {
    signIn();
    const net = server();
    renderPage(<DatasourcePage />);
    await screen.findByText('jdbc:postgresql://127.0.0.1:5432/zoo');
    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
    fireEvent.click(within(screen.getByText('本库').closest('tr')!).getByRole('button', { name: '测试连接' }));
    expect(await screen.findByText('连接成功:PostgreSQL 15.18 (12 毫秒)')).toBeInTheDocument();
    expect(net.to('POST /api/blade-develop/datasource/test')[0]!.body).toEqual({ id: '7' });
  });

  it('asks for a password on a new datasource only, and tests the form as typed', async () => {
    signIn();
    const net = server();
    renderPage(<DatasourcePage />);
    await screen.findByText('本库');
    fireEvent.click(screen.getByRole('button', { name: /新增/ }));
    fill('名称', 'MariaDB');
    fill('连接地址', 'jdbc:mysql://127.0.0.1:3306/test');
    fill('用户名', 'root');
    fireEvent.click(within(dialog()).getByRole('button', { name: '保存' }));
    expect(await within(dialog()).findByText('请输入密码')).toBeInTheDocument();
    expect(net.to('POST /api/blade-develop/datasource/submit')).toHaveLength(0);
    fill('密码', 'pw');
    fireEvent.click(within(dialog()).getByRole('button', { name: '测试连接' }));
    await waitFor(() => expect(net.to('POST /api/blade-develop/datasource/test')).toHaveLength(1));
    expect(net.to('POST /api/blade-develop/datasource/test')[0]!.body).toMatchObject({
      name: 'MariaDB',
      url: 'jdbc:mysql://127.0.0.1:3306/test',
      username: 'root',
      password: 'pw',
    });
  });
});
