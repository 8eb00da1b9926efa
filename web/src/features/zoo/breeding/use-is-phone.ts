import { Grid } from 'antd';

/** Narrower than antd's `md` breakpoint (768 px): the calendar shows dots instead of labels. */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false;
}
