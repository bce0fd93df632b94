import { createTheme, InputClearButton, MantineProvider, type CSSVariablesResolver, type MantineThemeOverride } from "@mantine/core";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

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
    },
  });
}

/**
 * Dimmed text (hints, counts, dates, the licence notice) a shade darker than Mantine's gray 6, which reads
 * at 3.3:1 on white; this one keeps 4.5:1 on white and on the light gray and tinted backgrounds it sits on.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#5c636a" },
  dark: {},
});

/** MantineProvider with Plotline's theme, its strings read from the catalogue. */
export function AppMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme({ clearLabel: t("common.clear") }), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
