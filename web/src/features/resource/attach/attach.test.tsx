import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { clickRowAction } from '../../../test/row-action';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import AttachPage from './attach.page';

const LINK = '/api/blade-resource/oss/endpoint/file/000000/2026/11/22/abc.png';
const row = {
  id: '41',
  tenantId: '000000',
  createUser: '',
  createDept: '',
  createTime: '2026-11-22 10:00:00',
  updateUser: '',
  updateTime: '',
  status: 1,
  isDeleted: 0,
  link: LINK,
  domain: '/api/blade-resource/oss/endpoint/file',
  name: '000000/2026/11/22/abc.png',
  originalName: 'panda.png',
  extension: 'png',
  attachSize: 2048,
  ossId: '',
};
const LIST = 'GET /api/blade-resource/attach/list';
const UPLOAD = 'POST /api/blade-resource/oss/endpoint/put-file-attach';

function server() {
  return stubFetch({
    [LIST]: pageOf([row]),
    [UPLOAD]: ok({ link: LINK, domain: row.domain, name: row.name, originalName: 'panda.png', attachId: '41' }),
    'POST /api/blade-resource/attach/remove': ok({}),
  });
}

describe('attachment screen', () => {
  it('lists attachments with an image preview, the size and a download link', async () => {
    signIn();
    server();
    renderPage(<AttachPage />);
    const tr = (await screen.findByText('panda.png')).closest('tr')!;
    expect(within(tr).getByText('2.0 KB')).toBeInTheDocument();
    expect(tr.querySelector('img')).toHaveAttribute('src', LINK);
    const download = within(tr).getByRole('link', { name: '下载' });
    expect(download).toHaveAttribute('href', LINK);
    expect(download).toHaveAttribute('download', 'panda.png');
  });

  it('uploads a file through put-file-attach as the multipart field file, then reloads', async () => {
    signIn();
    const net = server();
    const { container } = renderPage(<AttachPage />);
    await screen.findByText('panda.png');
    const before = net.to(LIST).length;
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([new Uint8Array([1, 2, 3])], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    const sent = net.to(UPLOAD)[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('notes.txt');
    await waitFor(() => expect(net.to(LIST).length).toBeGreaterThan(before));
  });

  it('deletes an attachment after the confirmation', async () => {
    signIn();
    const net = server();
    renderPage(<AttachPage />);
    await clickRowAction((await screen.findByText('panda.png')).closest('tr')!, '删除');
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(net.to('POST /api/blade-resource/attach/remove')[0]!.query).toEqual({ ids: '41' });
  });

  it('shows neither upload nor download without their codes', async () => {
    signIn({ role_name: 'clerk' }, [], { attach_view: true });
    server();
    renderPage(<AttachPage />);
    const tr = (await screen.findByText('panda.png')).closest('tr')!;
    expect(screen.queryByRole('button', { name: /上传/ })).not.toBeInTheDocument();
    expect(within(tr).queryByRole('link', { name: '下载' })).not.toBeInTheDocument();
  });
});
