import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, stubFetch } from '../test/fetch-stub';
import { signIn } from '../test/fixtures';
import { renderPage } from '../test/render';
import { ChangeHistory } from './change-history';

const entry = (id: string, over: Record<string, unknown> = {}) => ({
  id,
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
  clientIp: '',
  requestId: '',
  reason: '',
  changes: [],
  createTime: `2026-11-23 10:${id.padStart(2, '0')}:00`,
  ...over,
});

const HISTORY = 'GET /api/blade-log/audit/history';

describe('变更记录 timeline', { timeout: 60_000 }, () => {
  it('shows who, when, the action, the reason and each field before → after under the screen labels', async () => {
    signIn();
    const net = stubFetch({
      [HISTORY]: pageOf([
        entry('2', {
          reason: '更正名字',
          changes: [
            { field: 'animalName', before: '乐乐', after: '欢欢' },
            { field: 'localNo', before: 'P003', after: 'P003' },
            { field: 'sireMark', before: '', after: 'WILD' },
          ],
        }),
        entry('1', { action: 'create', userName: '', changes: [{ field: 'localNo', before: null, after: 'P003' }] }),
        entry('0', {
          action: 'create',
          changes: [
            { field: 'id', before: null, after: '202' },
            { field: 'localNo', before: null, after: 'P002' },
            { field: 'animalName', before: null, after: '阳阳' },
            { field: 'sex', before: null, after: 1 },
            { field: 'birthDate', before: null, after: '2004-09-01T00:00:00' },
          ],
        }),
      ]),
    });
    renderPage(<ChangeHistory table="zoo_animal" id="203" i18n="zooAnimal" />);
    const [latest, first, folded] = await screen.findAllByTestId('history-entry');
    expect(net.to(HISTORY)[0]!.query).toEqual({ table: 'zoo_animal', id: '203', current: '1', size: '10' });
    expect(within(latest!).getByText('修改')).toBeInTheDocument();
    expect(within(latest!).getByText('园区管理员')).toBeInTheDocument();
    expect(within(latest!).getByText('2026-11-23 10:02:00')).toBeInTheDocument();
    expect(within(latest!).getByText('更正名字')).toBeInTheDocument();
    const lines = within(latest!)
      .getAllByTestId('change-line')
      .map((l) => l.textContent);
    // The unchanged localNo is left out; sireMark has no label on the animal screen nor in the contract: its key.
    expect(lines).toEqual(['名字: 乐乐 → 欢欢', 'sireMark: ∅ → WILD']);
    expect(within(latest!).getByText('乐乐').closest('del')).not.toBeNull();
    expect(within(first!).getByText('新增')).toBeInTheDocument();
    expect(within(first!).getByText('系统')).toBeInTheDocument();
    expect(within(first!).getByTestId('change-line').textContent).toBe('本园编号: ∅ → P003');
    expect(screen.queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();

    // A create with many fields is folded; its id is not a change worth showing; timestamps read as on screen.
    expect(within(folded!).queryByTestId('change-line')).not.toBeInTheDocument();
    fireEvent.click(within(folded!).getByText('显示 4 个字段'));
    const all = within(folded!)
      .getAllByTestId('change-line')
      .map((l) => l.textContent);
    expect(all).toHaveLength(4);
    expect(all.join('\n')).not.toMatch(/^id:/m);
    expect(all.at(-1)).toMatch(/: ∅ → 2004-09-01 00:00:00$/);
    fireEvent.click(within(folded!).getByText('收起'));
    expect(within(folded!).queryByTestId('change-line')).not.toBeInTheDocument();
  });

  it('loads older entries a page at a time', async () => {
    signIn();
    const net = stubFetch({
      [HISTORY]: (req) =>
        req.query.current === '1'
          ? pageOf(
              Array.from({ length: 10 }, (_, i) => entry(String(20 - i))),
              12,
              1,
              10,
            )
          : pageOf([entry('10'), entry('9')], 12, 2, 10),
    });
    renderPage(<ChangeHistory table="zoo_animal" id="203" />);
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('2026-11-23 10:09:00')).toBeInTheDocument();
    expect(screen.getAllByTestId('history-entry')).toHaveLength(12);
    expect(net.to(HISTORY).at(-1)!.query).toMatchObject({ current: '2', size: '10' });
    expect(screen.queryByRole('button', { name: '加载更多' })).not.toBeInTheDocument();
  });

  it('says so when the record has no history', async () => {
    signIn();
    stubFetch({ [HISTORY]: pageOf([]) });
    renderPage(<ChangeHistory table="zoo_cage" id="301" />);
    expect(await screen.findByText('暂无变更记录')).toBeInTheDocument();
  });
});
