import { QueryClient } from '@tanstack/react-query';

/**
 * Errors are already toasted by the request layer, so retrying would only repeat the toast;
 * focus refetches would surprise users in the middle of editing a form. Answers are kept 30 minutes after their
 * screen closed (not TanStack's 5): going back to a list shows it at once while it refreshes (decision 0048).
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0, gcTime: 30 * 60_000 },
      mutations: { retry: false },
    },
  });
