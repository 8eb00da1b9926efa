import { Activity, type ReactNode } from 'react';
import { type Location, type NavigationType, UNSAFE_LocationContext as LocationContext } from 'react-router';
import { PageErrorBoundary } from './page-error-boundary';

// UNSAFE_LocationContext (exported by react-router 7.18.5, checked there): the provider `useRoutes(routes, location)`
// itself renders around its element. Here the element is the route outlet already matched for the kept location, so
// only that provider is needed, not a second match of the route table; this is the one use of it in the app.

/** How many tab screens stay mounted (the visible one included), so memory stays bounded. */
export const KEPT_SCREENS = 8;

/** One tab's screen as it was last shown: its route element and the location it was shown at. */
export interface KeptScreen {
  /** The tab's key (its path, as the tab bar keys its tabs). */
  key: string;
  /** What the screen's `useLocation` answers; a hidden screen keeps its own, not the visible tab's. */
  place: { location: Location; navigationType: NavigationType };
  /** The route outlet of that location: its matches (and so `useParams`) are the ones it was shown with. */
  element: ReactNode;
}

/** Same address: going back to a tab is a new navigation (a new location object) to where the tab was left. */
const samePlace = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;

/**
 * The kept screens after a render at `visit` (undefined: the current page is not a tab): closed tabs leave, the
 * visited one moves last, the least recently visited go beyond `max`. A screen shown again keeps its element and,
 * at the same address, its location, so React has nothing to render in it: it is only revealed. Answers `kept`
 * itself when nothing changed, so the layout can keep it as state without rendering twice.
 */
export function keepScreens(kept: readonly KeptScreen[], visit: KeptScreen | undefined, open: ReadonlySet<string>, max = KEPT_SCREENS): readonly KeptScreen[] {
  const prev = visit && kept.find((k) => k.key === visit.key);
  const shown = prev && visit ? { ...prev, place: samePlace(prev.place.location, visit.place.location) ? prev.place : visit.place } : visit;
  // The tab of a screen visited for the first time is added after this render: the visited screen always stays.
  const stays = kept.filter((k) => open.has(k.key) && k.key !== visit?.key);
  const last = kept[kept.length - 1];
  const same = shown ? last === prev && last?.place === shown.place : true;
  if (same && stays.length === kept.length - (shown ? 1 : 0) && kept.length <= max) return kept;
  const next = shown ? [...stays, shown] : stays;
  return next.slice(Math.max(0, next.length - max));
}

/**
 * The screens of the open tabs, each under its own location; only `active` is shown. A hidden screen is in an
 * `Activity` in hidden mode: its DOM stays with `display: none` (out of the accessibility tree and of the tab
 * order), its effects are cleaned up (query subscriptions too) and run again when it shows, so its queries
 * refresh then, while its state (a typed search, the page of its table) is as the user left it (decision 0048).
 * `data-active` marks the shown screen for tests and tools that look at the page area.
 */
export function KeptScreens({ kept, active }: { kept: readonly KeptScreen[]; active: string | undefined }) {
  return kept.map(({ key, place, element }) => (
    <Activity key={key} mode={key === active ? 'visible' : 'hidden'}>
      <div data-screen={key} data-active={key === active ? 'true' : undefined}>
        <LocationContext.Provider value={place}>
          <PageErrorBoundary>{element}</PageErrorBoundary>
        </LocationContext.Provider>
      </div>
    </Activity>
  ));
}
