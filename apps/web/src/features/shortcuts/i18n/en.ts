/** The English strings of the keyboard shortcuts; `i18n/en.ts` merges them into the catalogue. */
export const shortcutsEn = {
  shortcuts: {
    title: "Keyboard shortcuts",
    intro: "Shortcuts work anywhere outside a text field. Press ? to see this list again.",
    show: "Keyboard shortcuts",
    then: "then",
    with_keys: "{{label}} ({{keys}})",
    groups: { general: "General", navigation: "Go to", tasks: "Tasks" },
    actions: {
      palette: "Open the command palette",
      help: "Show keyboard shortcuts",
      close: "Close a dialog or the palette",
      go_projects: "Projects",
      go_my_tasks: "My Tasks",
      go_calendar: "Calendar",
      focus_search: "Search",
      new_task: "New task in this list or project",
    },
  },
} as const;
