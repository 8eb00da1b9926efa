import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { clearOfflineDb, stubOfflineDb } from '../../../test/offline-db-stub';
import { createQueryClient } from '../../../lib/query-client';
import { flush, useQueue } from '../../../lib/offline';
import { setNavigator } from '../../../lib/navigation';
import { session } from '../../../lib/session';
import { readEarly } from './round-reads';
import { TodayRound } from './today-round';

// jsdom has no IndexedDB: the device's store is an in-memory one with the same API (test/offline-db-stub.ts).
vi.mock('../../../lib/offline/db', async () => ({ offlineDb: (await import('../../../test/offline-db-stub')).stubOfflineDb }));
vi.mock('dexie', async (orig) => ({ ...(await orig<object>()), liveQuery: (await import('../../../test/offline-db-stub')).liveQuery }));

const DAY = '2026-11-28';
const KEEPER = '2001';
const OTHER = '2002';
const round = {
  day: DAY,
  total: 1,
  logged: 1,
  percent: 100,
  items: [
    {
      animalType: 1,
      animalId: '1001',
      animalName: '阿宝 (P001)',
      speciesName: '大熊猫',
      cageId: '4001',
      cageName: '一号舍',
      quantity: 1,
      logId: '3001',
      logVersion: 3,
      health: 1,
      lastDiet: [],
      log: {
        logTime: '08:10',
        diet: [{ food: '竹子', amount: 10, unit: 'kg', intake: 1 }],
        intake: 1,
        appetite: 1,
        behaviour: 1,
        faeces: 1,
        health: 1,
        remark: '精神好',
      },
    },
  ],
};
const perms = { basiclog_add: true, basiclog_edit: true } as const;

let online = true;
const gone = () => {
  throw new TypeError('Failed to fetch');
};
const keptRound = (userId: string) => stubOfflineDb.snapshots.put({ id: `${userId}:round`, data: round, savedAt: Date.now() });
const queued = () => stubOfflineDb.queue.where('userId').equals(KEEPER).toArray();

beforeEach(() => {
  clearOfflineDb();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});
afterEach(() => {
  online = true;
});

describe('the offline round (decision 0046)', { timeout: 90_000 }, () => {
  it("edits today's existing log without a network from the round's copy, queued on the version the round saw", async () => {
    signIn({ user_id: KEEPER, role_name: 'keeper' }, [], perms);
    await keptRound(KEEPER);
    online = false;
    const net = stubFetch({ 'GET /api/zoo/basicLog/today/round': gone, 'GET /api/zoo/basicLog/today/feedings': gone, 'GET /api/zoo/basicLog/detail': gone });
    renderPage(<TodayRound />);
    expect(await screen.findByTestId('round-offline')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('log-from-copy')).toBeInTheDocument();
    // Opened from the copy: no read of the log was tried offline.
    expect(net.to('GET /api/zoo/basicLog/detail')).toHaveLength(0);
    const remark = within(dialog).getByDisplayValue('精神好');
    fireEvent.change(remark, { target: { value: '离线改: 下午精神差' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(async () => expect(await queued()).toHaveLength(1));
    const [entry] = await queued();
    expect(entry).toMatchObject({ kind: 'log', target: `log:1001:${DAY}`, base: 3, status: 'pending' });
    expect(entry!.body).toMatchObject({ animalId: '1001', logDate: DAY, remark: '离线改: 下午精神差', logTime: '08:10' });
    expect(entry!.body).not.toHaveProperty('id');
    // The card says it waits.
    expect(await screen.findByText('未同步')).toBeInTheDocument();
    expect(net.to('POST /api/zoo/basicLog/sync')).toHaveLength(0);

    // Back online: sent with its key and the version it was based on, so the server can tell a conflict.
    online = true;
    const back = stubFetch({
      'POST /api/zoo/basicLog/sync': (req) => {
        const [e] = (req.body as { entries: Array<{ key: string }> }).entries;
        return ok({ results: [{ key: e!.key, status: 'applied', id: '3001', rowVersion: 4, msg: '' }] });
      },
    });
    await act(() => flush());
    expect(back.to('POST /api/zoo/basicLog/sync')[0]!.body).toEqual({ entries: [{ key: entry!.key, kind: 'log', base: 3, body: entry!.body }] });
    expect(await queued()).toEqual([]);
  });

  it('online, the edit reads the log afresh and bases the entry on its current version', async () => {
    signIn({ user_id: KEEPER, role_name: 'keeper' }, [], perms);
    const detail = { ...round.items[0]!.log, remark: '办公室改过', rowVersion: 5 };
    const net = stubFetch({
      'GET /api/zoo/basicLog/today/round': ok(round),
      'GET /api/zoo/basicLog/today/feedings': ok({ day: DAY, items: [] }),
      'GET /api/zoo/basicLog/detail': () => ({ body: { code: 200, success: true, msg: '', data: detailRecord(detail) } }),
      'POST /api/zoo/basicLog/sync': (req) => {
        const [e] = (req.body as { entries: Array<{ key: string }> }).entries;
        return ok({ results: [{ key: e!.key, status: 'applied', id: '3001', rowVersion: 6, msg: '' }] });
      },
    });
    renderPage(<TodayRound />);
    fireEvent.click(await screen.findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByDisplayValue('办公室改过')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('log-from-copy')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(net.to('POST /api/zoo/basicLog/sync')).toHaveLength(1));
    expect((net.to('POST /api/zoo/basicLog/sync')[0]!.body as { entries: Array<{ base: number }> }).entries[0]!.base).toBe(5);
  });

  it("another user signing in on the device neither sees nor sends the previous user's queue and kept round", async () => {
    // The keeper read the round online (kept on the device and in the page's cache) and left an unsent entry.
    signIn({ user_id: KEEPER, role_name: 'keeper' }, [], perms);
    stubFetch({ 'GET /api/zoo/basicLog/today/round': ok(round), 'GET /api/zoo/basicLog/today/feedings': ok({ day: DAY, items: [] }) });
    await stubOfflineDb.queue.add({
      key: 'k-keeper-1',
      userId: KEEPER,
      kind: 'log',
      target: `log:1001:${DAY}`,
      base: 3,
      body: { animalId: '1001', logDate: DAY, remark: '未发送' },
      label: '阿宝',
      status: 'pending',
      createdAt: Date.now(),
    });
    function Count() {
      return <span data-testid="count">{useQueue().length}</span>;
    }
    renderPage(
      <>
        <Count />
        <TodayRound />
      </>,
    );
    expect(await screen.findByText('阿宝 (P001)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(await stubOfflineDb.snapshots.get(`${KEEPER}:round`)).toBeTruthy();

    // Another keeper signs in on the same device, without a network.
    online = false;
    stubFetch({ 'GET /api/zoo/basicLog/today/round': gone, 'GET /api/zoo/basicLog/today/feedings': gone });
    act(() => signIn({ user_id: OTHER, role_name: 'keeper' }, [], perms));
    // No copy of the round for this user: nothing of the keeper's round is shown; the queue count is this user's.
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
    await waitFor(() => expect(screen.queryByText('阿宝 (P001)')).toBeNull());
    expect(screen.queryByTestId('round-offline')).toBeNull();

    // Online under the other user: the keeper's entry is not sent.
    online = true;
    const net = stubFetch({ 'POST /api/zoo/basicLog/sync': ok({ results: [] }) });
    await act(() => flush());
    expect(net.to('POST /api/zoo/basicLog/sync')).toHaveLength(0);

    // The keeper signs in again on the device: their entry shows and goes, under its own key.
    act(() => signIn({ user_id: KEEPER, role_name: 'keeper' }, [], perms));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    const mine = stubFetch({ 'POST /api/zoo/basicLog/sync': ok({ results: [{ key: 'k-keeper-1', status: 'applied', id: '3001', rowVersion: 4, msg: '' }] }) });
    await act(() => flush());
    expect((mine.to('POST /api/zoo/basicLog/sync')[0]!.body as { entries: Array<{ key: string }> }).entries.map((e) => e.key)).toEqual(['k-keeper-1']);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
  });

  it('keeps the session while offline; a token that expired meanwhile sends the keeper to sign in, and the queue waits for them', async () => {
    const went: string[] = [];
    setNavigator((to) => went.push(to));
    signIn({ user_id: KEEPER, role_name: 'keeper' }, [], perms);
    await stubOfflineDb.queue.add({
      key: 'k-keeper-2',
      userId: KEEPER,
      kind: 'log',
      target: `log:1001:${DAY}`,
      base: 0,
      body: { animalId: '1001', logDate: DAY, remark: '夜舍记录' },
      label: '阿宝',
      status: 'pending',
      createdAt: Date.now(),
    });
    // No network (the browser believes it has one): the send fails, the session and the entry stay.
    stubFetch({ 'POST /api/zoo/basicLog/sync': gone });
    await flush();
    expect(session().token).toBeTruthy();
    expect(went).toEqual([]);
    expect(await queued()).toMatchObject([{ key: 'k-keeper-2', status: 'pending' }]);
    // Back, with a token that expired meanwhile: 401, to the login page; the entry is untouched.
    const expired = stubFetch({ 'POST /api/zoo/basicLog/sync': { status: 401, body: { code: 401, success: false, msg: '请求未授权' } } });
    await flush();
    expect(expired.to('POST /api/zoo/basicLog/sync')).toHaveLength(1);
    expect(session().token).toBeFalsy();
    expect(went).toEqual(['/login']);
    expect(await queued()).toMatchObject([{ key: 'k-keeper-2', status: 'pending', base: 0 }]);
    // Nobody signed in: nothing is sent.
    const none = stubFetch({ 'POST /api/zoo/basicLog/sync': ok({ results: [] }) });
    await flush();
    expect(none.to('POST /api/zoo/basicLog/sync')).toHaveLength(0);
    // The keeper types the password again: the same entry goes, under the same key (applied once at most).
    signIn({ user_id: KEEPER, role_name: 'keeper' }, [], perms);
    const again = stubFetch({ 'POST /api/zoo/basicLog/sync': ok({ results: [{ key: 'k-keeper-2', status: 'applied', id: '3002', rowVersion: 1, msg: '' }] }) });
    await flush();
    expect((again.to('POST /api/zoo/basicLog/sync')[0]!.body as { entries: Array<{ key: string }> }).entries.map((e) => e.key)).toEqual(['k-keeper-2']);
    expect(await queued()).toEqual([]);
    setNavigator((to) => window.location.assign(to));
  });

  it('draws the kept round read before the render on the first render, and reads again when opened again', async () => {
    signIn({ user_id: KEEPER, role_name: 'keeper' }, [], perms);
    await keptRound(KEEPER);
    online = false;
    const net = stubFetch({ 'GET /api/zoo/basicLog/today/round': gone, 'GET /api/zoo/basicLog/today/feedings': gone });
    // What the page module does when opened at /zoo/basiclog (its firstFrame): the first render waits for this.
    await readEarly();
    expect(net.to('GET /api/zoo/basicLog/today/round')).toHaveLength(1);
    const client = createQueryClient();
    const first = renderPage(<TodayRound />, client);
    // No spinner first: the round is on screen at once, from the kept copy, and not read a second time.
    expect(screen.getByTestId('round-offline')).toBeInTheDocument();
    expect(screen.getByLabelText('阿宝 (P001)')).toBeInTheDocument();
    // A read on mount would be fetching as the render returns (effects run inside it): once none is, any such
    // read has asked the network.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(net.to('GET /api/zoo/basicLog/today/round')).toHaveLength(1);
    // The early read is handed out once: the round opened again reads again.
    first.unmount();
    renderPage(<TodayRound />);
    expect(await screen.findByTestId('round-offline')).toBeInTheDocument();
    await waitFor(() => expect(net.to('GET /api/zoo/basicLog/today/round')).toHaveLength(2));
  });
});

/** A whole keeper-log record around the fields the test gives. */
function detailRecord(over: Record<string, unknown>) {
  return {
    id: '3001',
    tenantId: '310001',
    createUser: '',
    createDept: '',
    createTime: '',
    updateUser: '',
    updateTime: '',
    status: 1,
    isDeleted: 0,
    animalType: 1,
    animalId: '1001',
    animalName: '阿宝 (P001)',
    speciesId: '5001',
    speciesName: '大熊猫',
    cageId: '4001',
    cageName: '一号舍',
    logDate: DAY,
    keeperId: KEEPER,
    keeperName: '张三',
    ...over,
  };
}
