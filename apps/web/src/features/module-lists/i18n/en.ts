/** The English strings of the module-lists feature; `i18n/en.ts` merges them into the catalogue. */
export const moduleListsEn = {
  module_lists: {
    title: "Modules",
    intro: "Switch Plotline's modules on and off for the whole site. A module that is off disappears from every menu and its pages and API calls stop answering; its data is kept.",
    on: "On",
    off: "Off",
    switch_label: "{{name}} module",
    switch_name: "{{name}} module: {{state}}",
    saving: "Saving…",
    thumbnail_alt: "{{name}} module",
  },
} as const;
