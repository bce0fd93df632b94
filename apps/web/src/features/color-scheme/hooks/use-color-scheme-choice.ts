import { useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from "@mantine/core";
import { useEffect, useEffectEvent } from "react";
import { useMe } from "../../auth/hooks/use-session.js";
import { useUpdatePreferences } from "../../preferences/hooks/use-preferences.js";
import { colorSchemeManager } from "../lib/color-scheme-store.js";

/** The three choices, in the order the menu and the palette offer them. */
export const COLOR_SCHEME_CHOICES: readonly MantineColorScheme[] = ["light", "dark", "auto"];

/**
 * The user's colour-scheme choice (light, dark, or auto: the system's), the scheme on screen, and setters.
 * A choice shows at once (and is kept in this browser for the next first paint) and is saved to the
 * user's preferences, so it follows them to another browser. `confirm` toasts the saving (the account page).
 */
export function useColorSchemeChoice({ confirm = false }: { confirm?: boolean } = {}) {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // Read at once rather than in an effect, so the first render already knows the system's scheme.
  const shown = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const save = useUpdatePreferences({ confirm });
  const choose = (value: MantineColorScheme) => {
    setColorScheme(value);
    save.mutate({ color_scheme: value });
  };
  return {
    choice: colorScheme,
    shown,
    setChoice: choose,
    /** Light when dark is on screen and dark otherwise: the palette's "Switch theme". */
    toggle: () => choose(shown === "dark" ? "light" : "dark"),
  };
}

/**
 * Puts the signed-in user's own choice on screen: first the one this browser kept for them (the page
 * started with the last user's, or the system's, and another person may have signed in since), then the
 * one saved in their preferences once `auth/me` has answered, which wins: it may have been changed on
 * another browser.
 */
export function useUserColorScheme(userId: number): void {
  const { setColorScheme } = useMantineColorScheme();
  const saved = useMe().data?.preferences.color_scheme;
  // setColorScheme changes identity with the scheme; only a change of user or of the saved choice should
  // put a scheme on screen again.
  const apply = useEffectEvent((id: number, choice: MantineColorScheme | undefined) => {
    const kept = colorSchemeManager.setUser(id);
    // Mantine's setter also writes the choice to this browser's store, for the next first paint.
    setColorScheme(choice ?? kept);
  });
  useEffect(() => apply(userId, saved), [userId, saved]);
}
