import type { MenuNode } from '@zoo/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { ok, stubFetch } from '../../test/fetch-stub';
import { menuNode, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { keepScreens, type KeptScreen } from './kept-screens';

/** Every render of the stand-in detail screen (the params and location it rendered with), and of its content. */
const renders = vi.hoisted(() => ({ screen: [] as string[], content: [] as string[] }));
vi.mock('../../features/zoo/cage-detail/cage-detail.page', async () => {
  const { useState } = await import('react');
  const { useLocation, useParams } = await import('react-router');
  function Content({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
    renders.content.push(id);
    return <input aria-label={`search ${id}`} value={value} onChange={(e) => onChange(e.target.value)} />;
  }
  return {
    default: function CageDetail() {
      const { cageId = '' } = useParams();
      const { pathname } = useLocation();
      const [search, setSearch] = useState('');
      renders.screen.push(`${cageId} at ${pathname}`);
      return <Content id={cageId} value={search} onChange={setSearch} />;
    },
  };
});

const menu: MenuNode[] = [menuNode({ path: '/desk', name: '工作台' })];

const screenOf = (path: string) => document.querySelector(`[data-screen="${path}"]`);

describe('kept tab screens', () => {
  it('keeps the state of two open tabs, never renders a hidden one with the other tab’s params, unmounts a closed one', async () => {
    stubFetch({
      'GET /api/blade-system/menu/routes': ok(menu),
      'GET /api/blade-system/menu/buttons': ok([]),
      'GET /api/blade-system/menu/top-menu': ok([]),
    });
    signIn({}, menu);
    const { router } = renderApp('/cage/detail/1');
    fireEvent.change(await screen.findByRole('textbox', { name: 'search 1' }), { target: { value: 'panda' } });

    await act(() => router.navigate('/cage/detail/2'));
    await screen.findByRole('textbox', { name: 'search 2' });
    // The first tab's screen is still there, hidden: out of the accessibility tree, its search as typed.
    expect(screen.queryByRole('textbox', { name: 'search 1' })).toBeNull();
    expect(screenOf('/cage/detail/1')!.getAttribute('data-active')).toBeNull();
    expect((screenOf('/cage/detail/1') as HTMLElement).style.display).toBe('none');
    expect(screenOf('/cage/detail/2')!.getAttribute('data-active')).toBe('true');
    expect(screen.getByDisplayValue('panda')).toBeTruthy();

    const contentOfOne = renders.content.filter((id) => id === '1').length;
    await act(() => router.navigate('/cage/detail/1'));
    expect(((await screen.findByRole('textbox', { name: 'search 1' })) as HTMLInputElement).value).toBe('panda');
    // Going back to the tab only reveals its screen: nothing in it renders again (the screen's own function may run
    // for the router's context and bail out).
    expect(renders.content.filter((id) => id === '1').length).toBe(contentOfOne);
    // Each screen rendered only with its own params and its own location.
    expect(renders.screen.length).toBeGreaterThan(2);
    for (const r of renders.screen) expect(r).toMatch(/^(\d) at \/cage\/detail\/\1$/);

    // Closing the hidden tab unmounts its screen.
    await waitFor(() => expect(useSession.getState().tags.map((t) => t.value)).toContain('/cage/detail/2'));
    act(() => useSession.getState().setTags(useSession.getState().tags.filter((t) => t.value !== '/cage/detail/2')));
    await waitFor(() => expect(screenOf('/cage/detail/2')).toBeNull());
    expect(screenOf('/cage/detail/1')!.getAttribute('data-active')).toBe('true');
  });

  it('keeps at most the last eight visited tabs and drops closed ones', () => {
    const visit = (key: string): KeptScreen => ({ key, place: { location: { pathname: key } as Location, navigationType: 'PUSH' as never }, element: null });
    const keys = Array.from({ length: 10 }, (_, i) => `/t${i}`);
    const open = new Set(keys);
    let kept: readonly KeptScreen[] = [];
    for (const k of keys) kept = keepScreens(kept, visit(k), open);
    expect(kept.map((k) => k.key)).toEqual(keys.slice(2));
    // Showing a kept tab again at the same location changes nothing; revisiting moves it last.
    const last = kept[kept.length - 1]!;
    expect(keepScreens(kept, { ...last }, open)).toBe(kept);
    // Going back to a tab is a new location at the same address: the screen keeps its element and location.
    expect(keepScreens(kept, visit('/t9'), open)).toBe(kept);
    const t3 = kept.find((k) => k.key === '/t3')!;
    expect(keepScreens(kept, visit('/t3'), open).at(-1)!.place).toBe(t3.place);
    expect(keepScreens(kept, visit('/t3'), open).map((k) => k.key)).toEqual([...keys.slice(2).filter((k) => k !== '/t3'), '/t3']);
    // A tab closed while hidden leaves.
    expect(keepScreens(kept, { ...last }, new Set(keys.filter((k) => k !== '/t4'))).map((k) => k.key)).not.toContain('/t4');
  });
});
