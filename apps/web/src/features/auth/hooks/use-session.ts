import {
  routePath,
  authStateSchema,
  itemEnvelope,
  meSchema,
  messageSchema,
  signedInSchema,
  type LoginBody,
  type Me,
  type SetupBody,
} from "@plotline/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, ApiError, setNonce } from "../../../api/client.js";
import { setDatePreferences } from "../../../lib/dates.js";
import { invalidateAfter, queryKeys } from "../../../lib/query-keys.js";

/** Whether the first user still has to be created. */
export const authStateOptions = queryOptions({
  queryKey: queryKeys.session.state,
  queryFn: async ({ signal }) => (await api.get("auth/state", { schema: itemEnvelope(authStateSchema), signal })).data,
  staleTime: Infinity,
});

/** Whether the first user still has to be created. */
export function useAuthState() {
  return useQuery(authStateOptions);
}

/** The signed-in user, or null when signed out. Keeps the nonce for later writes and puts their date formats in use. */
export const meOptions = queryOptions({
    queryKey: queryKeys.session.me,
    queryFn: async ({ signal }): Promise<Me | null> => {
      try {
        const me = (await api.get("auth/me", { schema: itemEnvelope(meSchema), signal })).data;
        setNonce(me.nonce);
        setDatePreferences(me.preferences);
        return me;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          setNonce(null);
          setDatePreferences(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });

/** The signed-in user, or null when signed out (see `meOptions`). */
export function useMe() {
  return useQuery(meOptions);
}

/** The signed-in user inside the admin layout, where a session is known to exist. */
export function useCurrentMe(): Me {
  const { data } = useMe();
  if (!data) throw new Error("useCurrentMe is used outside a signed-in layout");
  return data;
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return async (nonce: string) => {
    setNonce(nonce);
    queryClient.setQueryData(queryKeys.session.state, { needs_setup: false });
    await invalidateAfter(queryClient, { entity: "session" });
  };
}

/** Signs in with e-mail and password. */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: LoginBody) => (await api.post("auth/login", { schema: itemEnvelope(signedInSchema), body })).data,
    onSuccess: (data) => signedIn(data.nonce),
    meta: { silent: true },
  });
}

/** Creates the first user and signs them in. */
export function useSetup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: SetupBody) => api.post("auth/setup", { schema: itemEnvelope(signedInSchema), body }),
    onSuccess: (result) => signedIn(result.data.nonce),
    meta: { silent: true },
  });
}

/** Signs out, goes to the sign-in page and forgets every cached answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post("auth/logout", { schema: messageSchema }),
    onSettled: () => {
      setNonce(null);
      // Leave first: otherwise the session guard sees no user and sends the next person back to this page.
      void navigate(routePath("login"), { replace: true });
      // Signed out first, so the layout gives way to the sign-in page, then everything else is forgotten.
      queryClient.setQueryData(queryKeys.session.me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session.all[0] });
    },
    meta: { silent: true },
  });
}
