import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client.js";
import { notifyError, notifySuccess } from "./notify.js";

/** Mutations may opt out of the automatic toasts with `meta: { silent: true }`. */
declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { silent?: boolean };
  }
}

function hasMessage(value: unknown): value is { message: string } {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}

/**
 * One query client. Every mutation's server message is toasted as a success and each of its error
 * messages as an error, so that screens do not each re-code it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onSuccess: (data, _variables, _context, mutation) => {
        if (!mutation.meta?.silent && hasMessage(data)) notifySuccess(data.message);
      },
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) notifyError(error);
      },
    }),
  });
}
