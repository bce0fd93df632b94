/** The English strings of the comments feature; `i18n/en.ts` merges them into the catalogue. */
export const commentsEn = {
  comments: {
    show_more: "Show more comments",
    title: "Comments",
    empty: "No comments yet. Start the conversation.",
    placeholder: "Write a comment… type @ to mention someone",
    add: "Add comment",
    save: "Save",
    cancel: "Cancel",
    edit: "Edit",
    delete: "Delete",
    delete_confirm: "Are you sure!",
    delete_title: "Delete comment",
    empty_content: "Write something before sending.",
    edited: "edited",
    actions: "Comment actions",
  },
} as const;
