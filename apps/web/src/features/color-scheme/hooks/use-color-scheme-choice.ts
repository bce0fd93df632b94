import { useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from "@mantine/core";
import { useEffect, useEffectEvent } from "react";
import { colorSchemeManager } from "../lib/color-scheme-store.js";

/** The three choices, in the order the menu and the palette offer them. */
export const COLOR_SCHEME_CHOICES: readonly MantineColorScheme[] = ["light", "dark", "auto"];

/** The user's colour-scheme choice (light, dark, or auto: the system's), the scheme on screen, and setters. */
export function useColorSchemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // Read at once rather than in an effect, so the first render already knows the system's scheme.
  const shown = useComputedColorScheme("light", { getInitialValueInEffect: false });
  return {
    choice: colorScheme,
    shown,
    setChoice: setColorScheme,
    /** Light when dark is on screen and dark otherwise: the palette's "Switch theme". */
    toggle: () => setColorScheme(shown === "dark" ? "light" : "dark"),
  };
}

/**
 * Puts the signed-in user's own choice on screen: the page started with the last user's (or the system's),
 * and another person may have signed in since.
 */
export function useUserColorScheme(userId: number): void {
  const { setColorScheme } = useMantineColorScheme();
  // setColorScheme changes identity with the scheme; only a change of user should read the choice again.
  const apply = useEffectEvent((id: number) => setColorScheme(colorSchemeManager.setUser(id)));
  useEffect(() => apply(userId), [userId]);
}
