import { QueryClient } from '@tanstack/react-query';

/**
 * Errors are already toasted by the request layer, so retrying would only repeat the toast;
 * focus refetches would surprise users in the middle of editing a form.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
