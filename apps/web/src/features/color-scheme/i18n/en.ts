/** The English strings of the colour-scheme choice; `i18n/en.ts` merges them into the catalogue. */
export const colorSchemeEn = {
  color_scheme: {
    label: "Theme",
    light: "Light",
    dark: "Dark",
    auto: "Same as the system",
    switch: "Switch theme",
    switch_to_dark: "Changes to the dark theme",
    switch_to_light: "Changes to the light theme",
    follow_system: "Use the system's theme",
  },
} as const;
