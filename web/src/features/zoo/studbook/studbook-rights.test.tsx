import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ok, stubFetch } from '../../../test/fetch-stub';
import { signIn } from '../../../test/fixtures';
import { chooseOption } from '../../../test/picker';
import { renderPage } from '../../../test/render';
import { KeepersDialog } from './studbook-rights';

const ZOOS = [
  { id: '1', tenantId: '100000', tenantName: '示范动物园' },
  { id: '2', tenantId: '100001', tenantName: '第二动物园' },
];

const chosen = () => [...document.querySelectorAll('.ant-modal .ant-select-selection-item')].map((e) => e.textContent);

describe('the studbook keepers dialog', () => {
  it('reopened right after a save, edits the saved list, not the one the cache held before it', async () => {
    signIn();
    let saved = ['100000'];
    // Once saved, the list is answered only when the test says so: the dialog is reopened while it is on its way.
    let answer: () => void = () => undefined;
    let held = false;
    const keepersNow = () => ok(saved.map((tenantId) => ({ tenantId, tenantName: ZOOS.find((z) => z.tenantId === tenantId)!.tenantName })));
    const calls = stubFetch({
      'GET /api/blade-system/tenant/select': ok(ZOOS),
      'GET /api/zoo-studbook/studbook/keepers': () => (held ? new Promise((r) => (answer = () => r(keepersNow()))) : keepersNow()),
      'POST /api/zoo-studbook/studbook/keepers': (req) => {
        saved = (req.body as { tenantIds: string[] }).tenantIds;
        held = true;
        return ok({});
      },
    });
    const client = createQueryClient();
    let open = true;
    const dialog = () => <KeepersDialog speciesId="7" speciesName="大熊猫" onClose={() => (open = false)} />;

    const first = renderPage(dialog(), client);
    await waitFor(() => expect(chosen()).toEqual(['示范动物园 (100000)']));
    await chooseOption(document.querySelector('.ant-modal')!, '动物园', '第二动物园 (100001)');
    fireEvent.click(screen.getByTestId('keepers-save'));
    await waitFor(() => expect(open).toBe(false));
    expect(saved).toEqual(['100000', '100001']);
    first.unmount();

    // Reopened: the cache still holds the list before the save, and the fresh answer has not come yet.
    open = true;
    renderPage(dialog(), client);
    await waitFor(() => expect(calls.to('GET /api/zoo-studbook/studbook/keepers').length).toBeGreaterThanOrEqual(2));
    expect(chosen()).toEqual([]);
    expect(screen.getByTestId('keepers-save')).toBeDisabled();
    answer();
    await waitFor(() => expect(chosen()).toEqual(['示范动物园 (100000)', '第二动物园 (100001)']));
    expect(screen.getByTestId('keepers-save')).toBeEnabled();
  });
});
