/** The English strings of the personal formats on the account page; `i18n/en.ts` merges them into the catalogue. */
export const preferencesEn = {
  preferences: {
    title: "Preferences",
    intro: "How dates, times and colours look to you. They follow you to every browser you sign in on.",
    date_format: "Date format",
    date_format_option: "{{example}} ({{format}})",
    date_format_example: "Today reads {{date}}; this moment reads {{datetime}}.",
    time_zone: "Time zone",
    time_zone_browser: "Browser's time zone ({{name}})",
    time_zone_hint: "Times of comments, activity and files are shown in this zone.",
    time_zone_none: "No time zone matches",
    color_scheme: "Theme",
    scheme_auto: "System",
    scheme_light: "Light",
    scheme_dark: "Dark",
    relative_dates: "Relative due dates",
    relative_dates_hint: "Due dates within a week read “Tomorrow” or “3 days late”; the exact date shows on hover.",
    saved: "Preferences saved",
  },
} as const;
