import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QUALITY_CHECKS } from '@zoo/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { ok, pageOf, stubFetch } from '../../../test/fetch-stub';
import { menuNode, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ParkPage from '../park/park.page';
import QualityPage from './quality.page';
import { QualityCard } from './quality-card';

const SUMMARY = 'GET /api/zoo/quality/summary';
const LIST = 'GET /api/zoo/quality/list';
const RUN = 'POST /api/zoo/quality/run';
const counts = (n: number) => QUALITY_CHECKS.map((check) => ({ check, count: check === 'noIdentifier' ? n : 0 }));
const cub = {
  id: '901',
  kind: 'animal',
  code: 'P-QA 1',
  name: '质质',
  speciesName: '大熊猫',
  reasons: [],
  stock: '',
  ledger: '',
  date: '',
  days: '',
  permitKind: '',
};

function server() {
  let issues = 2;
  return stubFetch({
    [SUMMARY]: () => ok({ day: '2026-11-28', runTime: '2026-11-28 08:00:00', logDays: 7, permitDays: 60, checks: counts(issues) }),
    [LIST]: () => pageOf(issues > 1 ? [cub, { ...cub, id: '902', code: 'P-QA 2' }] : [{ ...cub, id: '902', code: 'P-QA 2' }]),
    [RUN]: (req) => {
      if (req.query.check === 'noIdentifier') issues = 1;
      return ok({
        day: '2026-11-28',
        runTime: '2026-11-28 09:00:00',
        checks: [{ check: req.query.check, count: req.query.check === 'noIdentifier' ? issues : 0 }],
      });
    },
    'GET /api/zoo/quality/history/list': () => pageOf([]),
  });
}

describe('数据质量', { timeout: 90_000 }, () => {
  it('shows the kept counts, each record with a link to its fix screen, and 立即检查 runs the seven checks one by one', async () => {
    signIn({ tenant_id: '100000', role_name: 'keeper' }, [], { quality_run: true });
    const net = server();
    renderPage(<QualityPage />);
    const card = await screen.findByTestId('quality-count-noIdentifier');
    expect(within(card).getByText('个体无标识')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('2')).toBeInTheDocument());
    expect(within(screen.getByTestId('quality-count-noKeeperLog')).getByText('7天无饲养日志')).toBeInTheDocument();
    const links = await screen.findAllByTestId('quality-fix');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/zoo/animal?localNo=P-QA%201', '/zoo/animal?localNo=P-QA%202']);
    expect(net.to(LIST)[0]!.query).toMatchObject({ check: 'noIdentifier', logDays: '7', permitDays: '60', current: '1', size: '10' });

    fireEvent.click(screen.getByTestId('quality-run'));
    await waitFor(() => expect(net.to(RUN)).toHaveLength(7));
    expect(net.to(RUN).map((r) => r.query.check)).toEqual([...QUALITY_CHECKS]);
    await waitFor(() => expect(within(screen.getByTestId('quality-count-noIdentifier')).getByText('1')).toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByTestId('quality-fix')).toHaveLength(1));
  });

  it('selecting another check lists its records; without 立即检查 there is no run button', async () => {
    signIn({ tenant_id: '100000', role_name: 'keeper' });
    const net = server();
    renderPage(<QualityPage />);
    fireEvent.click(await screen.findByTestId('quality-count-cageNoSensor'));
    await waitFor(() => expect(net.to(LIST).at(-1)!.query.check).toBe('cageNoSensor'));
    expect(screen.queryByTestId('quality-run')).toBeNull();
  });

  it('the home card shows the issues to holders of the menu only', async () => {
    const net = server();
    signIn({ tenant_id: '100000' }, [menuNode({ path: '/zoo', name: '动物园管理', children: [menuNode({ path: '/zoo/quality', name: '数据质量' })] })]);
    const view = render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <QualityCard />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await within(await screen.findByTestId('home-quality')).findByText('2 个问题')).toBeInTheDocument();
    view.unmount();
    signIn({ tenant_id: '100000' });
    renderPage(
      <>
        <QualityCard />
        <span data-testid="beside-the-card" />
      </>,
    );
    // The card decides on the menu as it renders: once what is beside it is on screen, so would the card be,
    // and it did not ask for the summary (the only ask is the first card's).
    await screen.findByTestId('beside-the-card');
    expect(screen.queryByTestId('home-quality')).toBeNull();
    expect(net.to(SUMMARY)).toHaveLength(1);
  });
});

describe('a list screen opened by a link naming a text filter', () => {
  it('starts searched for it (the fix links of 数据质量)', { timeout: 90_000 }, async () => {
    signIn({ tenant_id: '100000' });
    const net = stubFetch({ 'GET /api/blade-zoo/park/list': () => pageOf([]), 'GET /api/blade-zoo/park/tree/venue': () => ok([]) });
    window.history.pushState({}, '', '/zoo/park?parkName=%E4%B8%BB%E5%9B%AD%E5%8C%BA');
    try {
      renderPage(<ParkPage />);
      await waitFor(() => expect(net.to('GET /api/blade-zoo/park/list').some((r) => r.query.parkName === '主园区')).toBe(true));
      expect(screen.getByDisplayValue('主园区')).toBeInTheDocument();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
