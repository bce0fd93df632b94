/** The English strings of the duplication feature; `i18n/en.ts` merges them into the catalogue. */
export const duplicationEn = {
  duplication: {
    duplicate: "Duplicate",
    duplicating: "Duplicating…",
    project_busy: "Duplicating {{title}}…",
  },
} as const;
