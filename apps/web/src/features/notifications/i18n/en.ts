/** The English strings of the Inbox; `i18n/en.ts` merges them into the catalogue. */
export const notificationsEn = {
  inbox: {
    title: "Inbox",
    all: "All",
    unread: "Unread",
    show: "Show",
    mark_all_read: "Mark all as read",
    mark_read: "Mark as read",
    marked_all: "Everything is marked as read.",
    bell: "Inbox",
    bell_unread_one: "Inbox, {{count}} unread",
    bell_unread_other: "Inbox, {{count}} unread",
    unread_dot: "Unread",
    load_more: "Show more",
    empty_title: "Nothing here yet",
    empty_body: "When someone assigns you a task, mentions you anywhere in a project or comments on a task you follow, it shows up here.",
    empty_unread_title: "You are all caught up",
    empty_unread_body: "Every entry is read. Switch to All to see older ones.",
    in_project: "in {{project}}",
    /** What a record other than a task is, shown before the project: "Discussion · in Launch". */
    subject: {
      task_list: "Task list",
      milestone: "Milestone",
      discussion_board: "Discussion",
      file: "File",
    },
    due_on: "Due {{date}}",
  },
};
