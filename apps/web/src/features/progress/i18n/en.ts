/** The English strings of the Progress feed; its page registers them when its chunk loads (CHUNK_CATALOGUES). */
export const progressEn = {
  progress: {
    title: "Progress",
    subtitle: "What changed in every project, newest first.",
    load_more: "Load More",
    loading_more: "Loading…",
    loaded: "{{count}} of {{total}} activities",
    empty: "No activity found",
    empty_body: "Activities appear here as people work in their projects.",
    day_label: "Activities of {{day}}",
    by: "by {{name}}",
    action_types: {
      create: "Created",
      update: "Updated",
      delete: "Deleted",
      complete: "Completed",
      incomplete: "Reopened",
      archive: "Archived",
      restore: "Restored",
      move: "Moved",
      duplicate: "Duplicated",
    },
  },
} as const;
