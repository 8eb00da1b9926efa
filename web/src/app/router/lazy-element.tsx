import { Spin } from 'antd';
import { Suspense } from 'react';
import type { LazyPage } from './lazy-page';

/** A lazily loaded page with the spinner shown while its chunk loads. */
export function LazyElement({ page: Page }: { page: LazyPage }) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Page />
    </Suspense>
  );
}
