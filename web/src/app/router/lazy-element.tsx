import { Spin } from 'antd';
import { Suspense, useState } from 'react';
import type { LazyPage } from './lazy-page';

/** A lazily loaded page with the spinner shown while its chunk loads. */
export function LazyElement({ page: Page }: { page: LazyPage }) {
  // Chosen once per mount, so a page first shown through Suspense is never swapped (and remounted) for the direct one.
  // A lazy component suspends on its first render even when its chunk is already here, and React then holds the
  // spinner at least 300 ms: a page preloaded before the first render (main.tsx) or visited before skips that.
  const [first] = useState(() => ({ page: Page, Loaded: Page.resolved() }));
  const Loaded = first.page === Page ? first.Loaded : undefined;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Page />
    </Suspense>
  );
}
