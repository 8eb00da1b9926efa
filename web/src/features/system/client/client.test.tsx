import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch, wholeRow } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ClientPage from './client.page';

const row = wholeRow('GET /api/blade-system/client/list', {
  id: '1',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  resourceIds: '',
  scope: 'all',
  authorizedGrantTypes: 'refresh_token,password,captcha',
  webServerRedirectUri: '',
  authorities: '',
  accessTokenValidity: 3600,
  refreshTokenValidity: 604800,
  additionalInformation: '',
  autoapprove: '',
  isDeleted: 0,
});

const modal = () => document.querySelector('.ant-modal') as HTMLElement;
const button = (scope: ParentNode, text: string) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === text) as HTMLElement;

describe('client page', { timeout: 90_000 }, () => {
  it('lists clients; a new one shows the contract messages, then sends the grant types comma-joined', async () => {
    signIn();
    const net = stubFetch({
      'GET /api/blade-system/client/list': pageOf([row]),
      'POST /api/blade-system/client/submit': ok({}),
    });
    renderPage(<ClientPage />);
    expect(await screen.findByText('saber_secret')).toBeInTheDocument();
    fireEvent.click(button(document, '新增'));
    await waitFor(() => expect(modal()).toBeTruthy());
    fireEvent.click(button(modal(), '保存'));
    expect(await within(modal()).findByText('请输入客户端id')).toBeInTheDocument();
    expect(within(modal()).getByText('请输入客户端密钥')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/client/submit')).toHaveLength(0);

    fireEvent.change(within(modal()).getByLabelText('应用ID'), { target: { value: 'zoo-app' } });
    fireEvent.change(within(modal()).getByLabelText('应用密钥'), { target: { value: 'zoo_secret' } });
    fireEvent.click(button(modal(), '保存'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-system/client/submit')[0]!.body).toEqual({
      clientId: 'zoo-app',
      clientSecret: 'zoo_secret',
      scope: 'all',
      authorizedGrantTypes: 'refresh_token,password,captcha',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
  });

  it('without client buttons only the list shows', async () => {
    signIn({ role_name: 'admin' }, [], {});
    stubFetch({ 'GET /api/blade-system/client/list': pageOf([row]) });
    renderPage(<ClientPage />);
    const tr = (await screen.findByText('saber_secret')).closest('tr')!;
    expect(button(document, '新增')).toBeUndefined();
    expect(tr.querySelectorAll('button')).toHaveLength(0);
  });
});
