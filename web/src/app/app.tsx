import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { installErrorCapture } from '../lib/session';
import { AppProviders } from './providers';
import { createAppRouter } from './router/create-router';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => () => router.dispose(), [router]);
  // Uncaught errors and unhandled rejections land in the error log (spec §8).
  useEffect(() => installErrorCapture(), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
