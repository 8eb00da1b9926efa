import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router/create-router';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => () => router.dispose(), [router]);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
