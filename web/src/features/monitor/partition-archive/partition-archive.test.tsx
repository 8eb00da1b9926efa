import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import PartitionArchivePage from './partition-archive.page';

const SHA = 'ab12cd34ef56'.padEnd(64, '0');
const rows = [
  {
    id: '71',
    tableName: 'blade_log_api',
    partitionName: 'blade_log_api_p202405',
    month: '2024-05',
    rowCount: 1_234_567,
    byteSize: 3 * 1024 * 1024,
    sha256: SHA,
    storage: 'oss:minio-1',
    objectKey: 'upload/000000/20241201/6f1c2d5e-0000-4000-8000-000000000001.gz',
    createTime: '2024-12-01 03:02:00',
  },
  {
    id: '72',
    tableName: 'zoo_humiture',
    partitionName: 'zoo_humiture_p202401',
    month: '2024-01',
    rowCount: 20,
    byteSize: 900,
    sha256: 'f'.repeat(64),
    storage: 'local',
    objectKey: 'upload/000000/20260201/6f1c2d5e-0000-4000-8000-000000000002.gz',
    createTime: '2026-02-01 03:02:00',
  },
];
const retention = [
  { tableName: 'zoo_humiture', paramKey: 'zoo.retention.humiture', months: 24 },
  { tableName: 'blade_log_api', paramKey: 'zoo.retention.apiLog', months: 6 },
  { tableName: 'sys_audit', paramKey: 'zoo.retention.audit', months: 0 },
];
const LIST = 'GET /api/blade-system/partition-archive/list';

function server() {
  return stubFetch({ [LIST]: pageOf(rows), 'GET /api/blade-system/partition-archive/retention': ok(retention) });
}

afterEach(() => vi.restoreAllMocks());

describe('partition archive screen', () => {
  it('lists archives with the stream name, size, storage and a shortened SHA-256, and the retention above', async () => {
    signIn();
    server();
    renderPage(<PartitionArchivePage />);
    // The table's name picks the list's row (the stream's name is in the retention above too).
    const tr = (await screen.findByText('blade_log_api')).closest('tr')!;
    expect(within(tr).getByText('接口日志')).toBeInTheDocument();
    expect(within(tr).getByText('2024-05')).toBeInTheDocument();
    expect(within(tr).getByText((1_234_567).toLocaleString())).toBeInTheDocument();
    expect(within(tr).getByText('3.0 MB')).toBeInTheDocument();
    expect(within(tr).getByText('对象存储 minio-1')).toBeInTheDocument();
    expect(within(tr).getByText('ab12cd34ef56…').closest('[title]')).toHaveAttribute('title', SHA);
    expect(within(tr).getByRole('button', { name: /复制|Copy/ })).toBeInTheDocument();
    const local = screen.getByText('zoo_humiture').closest('tr')!;
    expect(within(local).getByText('本地上传目录')).toBeInTheDocument();
    // The retention per stream, from 系统参数.
    expect(await screen.findByText('24 个月')).toBeInTheDocument();
    expect(screen.getByText('永久保留')).toBeInTheDocument();
    // Read-only: nothing to add, edit or delete.
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(within(tr).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
  });

  it('下载 opens the download endpoint of the row, with the token in the link', async () => {
    signIn();
    server();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    renderPage(<PartitionArchivePage />);
    const tr = (await screen.findByText('blade_log_api')).closest('tr')!;
    fireEvent.click(within(tr).getByRole('button', { name: '下载' }));
    expect(clicked).toHaveLength(1);
    const url = new URL(clicked[0]!);
    expect(url.pathname).toBe('/api/blade-system/partition-archive/download');
    expect(url.searchParams.get('id')).toBe('71');
    expect(url.searchParams.get('Blade-Auth')).toBeTruthy();
  });

  it('filters by stream under tableName_equal', async () => {
    signIn();
    const net = server();
    renderPage(<PartitionArchivePage />);
    await screen.findByText('blade_log_api');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '数据流' }));
    fireEvent.click(await screen.findByTitle('温湿度读数'));
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(net.to(LIST).at(-1)!.query).toEqual({ current: '1', size: '10', tableName_equal: 'zoo_humiture' }));
  });

  it('shows no 下载 without its button code', async () => {
    signIn({ role_name: 'clerk' }, [], { partition_archive: true });
    server();
    renderPage(<PartitionArchivePage />);
    const tr = (await screen.findByText('blade_log_api')).closest('tr')!;
    expect(within(tr).queryByRole('button', { name: '下载' })).not.toBeInTheDocument();
  });
});
