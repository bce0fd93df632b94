import { createTheme, InputClearButton, InputPlaceholder, MantineProvider, type CSSVariablesResolver, type MantineThemeOverride } from "@mantine/core";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { colorSchemeManager } from "./features/color-scheme/lib/color-scheme-store.js";

/**
 * Plotline's Mantine theme. Shade 8 for filled colours and links: Mantine's default shade 6 gives white
 * text on blue, and blue links on white, a contrast below the 4.5:1 that WCAG AA asks of normal text.
 * Every clear button of an input (dates, selects) gets a name, as Mantine's has none.
 */
export function createAppTheme({ clearLabel }: { clearLabel: string }): MantineThemeOverride {
  return createTheme({
    primaryColor: "blue",
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: "md",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    components: {
      InputClearButton: InputClearButton.extend({ defaultProps: { "aria-label": clearLabel } }),
      // A placeholder drawn as text (a date picker's "MM/DD/YYYY") is read as text: see styles.css.
      InputPlaceholder: InputPlaceholder.extend({ classNames: { placeholder: "plotline-input-placeholder" } }),
    },
  });
}

/**
 * Colours that change with the scheme. Dimmed text (hints, counts, dates, the licence notice) is a shade
 * darker than Mantine's gray 6 in light mode, which reads at 3.3:1 on white; this one keeps 4.5:1 on white
 * and on the light gray and tinted backgrounds it sits on. In dark mode Mantine's dimmed (dark 2) reads at
 * 4:1 on the dark body, and its error red (red 8) at 3.4:1: both are lighter here, so they keep 4.5:1 on
 * the body and on the lighter panels (dark 6 and dark 5) they sit on.
 *
 * Plotline's own surfaces: `--plotline-color-page` behind the cards (light gray, or darker than the
 * cards in dark mode, so the cards stand out in both), `--plotline-color-panel` for a side panel or a
 * group heading inside a card, `--plotline-color-highlight` for a row being dropped on or edited, and
 * `--plotline-color-success` for text saying something went well ("Added", a module that is on), and
 * `--plotline-color-danger` for a destructive menu item (Mantine's red 6 reads at 3.3:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5c636a",
    "--plotline-color-page": "var(--mantine-color-gray-0)",
    "--plotline-color-panel": "var(--mantine-color-gray-0)",
    "--plotline-color-highlight": "var(--mantine-color-blue-0)",
    "--plotline-color-success": "var(--mantine-color-teal-9)",
    "--plotline-color-danger": "var(--mantine-color-red-9)",
    // Green's darkest shade reads at 3.8:1 on its light tint (a "Completed" badge): a darker green keeps 4.5:1.
    "--mantine-color-green-light-color": "#1f6f32",
  },
  dark: {
    "--mantine-color-dimmed": "#a8a8a8",
    "--mantine-color-error": "var(--mantine-color-red-5)",
    "--plotline-color-page": "var(--mantine-color-dark-8)",
    "--plotline-color-panel": "var(--mantine-color-dark-6)",
    "--plotline-color-highlight": "var(--mantine-color-blue-light)",
    "--plotline-color-success": "var(--mantine-color-teal-4)",
    "--plotline-color-danger": "var(--mantine-color-red-4)",
  },
});

/**
 * MantineProvider with Plotline's theme, its strings read from the catalogue. The colour scheme follows the
 * system until the user picks one; the choice is kept per user (features/color-scheme).
 */
export function AppMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme({ clearLabel: t("common.clear") }), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      {children}
    </MantineProvider>
  );
}
