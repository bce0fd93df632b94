import { itemEnvelope, preferencesSchema, type Me, type Preferences, type UpdatePreferencesBody } from "@plotline/contracts";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { api } from "../../../api/client.js";
import { setDatePreferences } from "../../../lib/dates.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";

/** The signed-in user's preferences, as `auth/me` answered them (with changes on their way shown at once). */
export function usePreferences(): Preferences {
  return useCurrentMe().preferences;
}

/** Some preferences, the mail choices among them given kind by kind. */
type PreferenceChanges = Omit<Partial<Preferences>, "email_notifications"> & { email_notifications?: Partial<Preferences["email_notifications"]> };

/**
 * Puts new preferences in the cached `auth/me` and in the date formats. Only the fields named change (the
 * mail choices kind by kind), so an answer to an earlier change cannot undo a later one still on its way.
 */
function putPreferences(queryClient: QueryClient, changes: PreferenceChanges): void {
  const me = queryClient.getQueryData<Me | null>(queryKeys.session.me);
  if (!me) return;
  const preferences: Preferences = {
    ...me.preferences,
    ...changes,
    email_notifications: { ...me.preferences.email_notifications, ...changes.email_notifications },
  };
  queryClient.setQueryData<Me>(queryKeys.session.me, { ...me, preferences });
  setDatePreferences(preferences);
}

/** The fields a change sets, without those left out. */
function definedFields(body: UpdatePreferencesBody): PreferenceChanges {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as PreferenceChanges;
}

/** The fields of `from` that `body` changes (of the mail choices, the kinds it names). */
function pickChanged(from: Preferences, body: UpdatePreferencesBody): PreferenceChanges {
  const keys = Object.keys(body).filter((key): key is keyof Preferences => key in from && body[key as keyof UpdatePreferencesBody] !== undefined);
  const picked: PreferenceChanges = Object.fromEntries(keys.map((key) => [key, from[key]]));
  const kinds = body.email_notifications;
  if (kinds) picked.email_notifications = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, from.email_notifications[kind as keyof Preferences["email_notifications"]]]));
  return picked;
}

/**
 * Saves some of the signed-in user's preferences. The change shows at once and is taken back if the server
 * refuses it. With `confirm`, a saved change says so in a toast (the account page); the theme switches of
 * the user menu and the palette save quietly, as the new look says it already.
 */
export function useUpdatePreferences({ confirm = false }: { confirm?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesBody) => api.post("pm/v2/users/me/preferences", { schema: itemEnvelope(preferencesSchema), body }),
    onMutate: async (body) => {
      // A refetch of auth/me answering the old values must not land after this change.
      await queryClient.cancelQueries({ queryKey: queryKeys.session.me });
      const current = queryClient.getQueryData<Me | null>(queryKeys.session.me);
      if (!current) return { previous: undefined };
      putPreferences(queryClient, definedFields(body));
      return { previous: current.preferences };
    },
    onSuccess: (answer, body) => {
      putPreferences(queryClient, pickChanged(answer.data, body));
      if (confirm) notifySuccess(i18next.t("preferences.saved"));
    },
    onError: (error, body, context) => {
      // Only this change's fields go back: another change saved meanwhile stays.
      if (context?.previous) putPreferences(queryClient, pickChanged(context.previous, body));
      notifyError(error);
    },
    // The toasts are this hook's own: the server's English "Preferences saved" is not shown.
    meta: { silent: true },
  });
}
