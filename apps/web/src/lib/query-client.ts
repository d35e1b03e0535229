import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** One cache for the app; logout clears it with the rest of the stored state. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; a dropped connection or a 5xx might.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

/**
 * Options a feature's mutation hook accepts from its caller. Callbacks given here, unlike those
 * given to `mutate`, still run when the calling component has unmounted — which happens when a
 * call signs the user in and the guest-only guard redirects at once.
 */
export type MutationConfig<Fn extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;
