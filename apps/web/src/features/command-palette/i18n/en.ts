/** The English strings of the command palette; `i18n/en.ts` merges them into the catalogue. */
export const paletteEn = {
  palette: {
    title: "Command palette",
    open: "Command palette",
    button: "Search or jump to…",
    input_label: "Search projects, lists and tasks, pages and actions",
    placeholder: "Jump to a project, list, task (#123) or page, or run an action",
    results_label: "Suggestions",
    footer: "↑ ↓ to move · Enter to open · Esc to close",
    count_zero: "No suggestions",
    count_one: "{{count}} suggestion",
    count_other: "{{count}} suggestions",
    empty: "Nothing matches “{{text}}”.",
    task_number: "Task #{{id}}",
    task_not_found: "No task #{{id}}, or not one you may see.",
    groups: {
      recent: "Recent",
      task: "Task by number",
      results: "Projects, lists and tasks",
      actions: "Actions",
      pages: "Go to",
    },
    actions: {
      new_task: "New task",
      new_task_in: "In {{project}}",
      new_task_anywhere: "In a project you choose",
    },
    keywords: {
      new_task: "add create task todo",
      new_project: "add create project",
      theme: "dark light mode colour color appearance theme",
      shortcuts: "keyboard keys help",
      sign_out: "log out logout exit",
      page: "go open page",
      account: "profile password settings me",
    },
  },
} as const;
