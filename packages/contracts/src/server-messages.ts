import { z } from "zod";

/**
 * The catalogue of messages the server sends: a key per message, its English text with `{{param}}`
 * placeholders. Services name a key and its parameters; the API sends the English text (as it always has)
 * and, next to it, the key and parameters, so the web can say it in the reader's language. Other languages
 * copy these keys into the web's catalogue (`server_messages`); the English here is the source.
 */
export const MESSAGES = {
  common: {
    cannot_create_task_lists: "You do not have permission to create task lists in this project.",
    file_not_found: "File not found",
    forbidden: "You do not have permission to do this",
    project_not_found: "Project not found",
    task_list_not_found: "Task list not found",
    unknown_user_id: "Unknown user id: {{missing}}",
    your_session_check_failed_please_reload: "Your session check failed. Please reload the page and try again.",
  },
  app: {
    module_switched_off_modules_list: "This module is switched off in the modules list.",
  },
  auth: {
    access_token_not_valid: "The access token is not valid.",
    e_mail_address_password_incorrect: "The e-mail address or password is incorrect.",
    please_sign_continue: "Please sign in to continue.",
    plotline_already_set_up_please_sign: "Plotline is already set up. Please sign in.",
    token_not_found: "Token not found",
    too_many_failed_sign_attempts_please: "Too many failed sign-in attempts. Please wait a minute and try again.",
  },
  comments: {
    comment_cannot_empty: "A comment cannot be empty.",
    comment_not_found: "Comment not found",
    who_may_change: "Only the comment's author or a manager can change it.",
    who_may_delete: "Only the comment's author or a manager can delete it.",
  },
  custom_fields: {
    field_named_already_exists: "A custom field named {{title}} already exists here.",
    field_not_found: "Custom field not found",
    module_switched_off: "Custom fields are switched off in the modules list.",
    not_fields_of_scope: "These fields are not fields of this list: {{strangers}}",
    too_many_fields: "At most {{max}} custom fields can be defined here.",
    type_cannot_change: "A field's type cannot be changed.",
    unknown_field: "Unknown custom field: {{id}}",
    who_may_manage: "Only the project's managers can change its custom fields.",
    who_may_manage_site: "Only site managers can change site-wide custom fields.",
  },
  departments: {
    department_named_already_exists: "A department named {{title}} already exists.",
    department_not_found: "Department not found",
    departments_off_turn_workforce_management_integration: "Departments are off: turn the workforce-management integration on in the general settings first.",
    unknown_department_id: "Unknown department id: {{department_id}}",
    who_may_manage_departments: "Only site managers can manage departments.",
  },
  discussions: {
    cannot_create_discussions: "You do not have permission to create discussions in this project.",
    discussion_not_found: "Discussion not found",
    milestone_does_not_exist_project: "The milestone does not exist in this project.",
    who_may_change: "Only the project's managers or the discussion's creator can change it.",
    who_may_delete: "Only the project's managers or the discussion's creator can delete it.",
  },
  duplication: {
    only_current_lists: "Only a current task list can be duplicated. Restore it first.",
    who_may_duplicate: "Only the project's managers who may create projects can duplicate it.",
  },
  files: {
    attachment_changed_from_discussion_task_comment: "An attachment is changed from the discussion, task, comment or doc it is attached to.",
    attachment_removed_from_discussion_task_comment: "An attachment is removed from the discussion, task, comment or doc it is attached to.",
    cannot_add_files: "You do not have permission to add files to this project.",
    cannot_change_privacy_files: "You do not have permission to change the privacy of files.",
    cannot_make_files_private: "You do not have permission to make files private.",
    choose_at_least_one_file_upload: "Choose at least one file to upload.",
    doc_link_revise_does_not_exist: "The doc or link to revise does not exist in this project.",
    enter_web_address_starting_with_http: "Enter a web address starting with http:// or https://.",
    file_too_large: "The file {{name}} is larger than the upload limit of {{limit}}.",
    folder_cannot_moved_into_itself_into: "A folder cannot be moved into itself or into a folder inside it.",
    folder_does_not_exist_project: "The folder does not exist in this project.",
    folder_name_required: "Folder name is required.",
    folder_not_found: "Folder not found",
    form_has_too_many_fields: "The form has too many fields.",
    invalid_input: "Invalid input.",
    invalid_upload: "Invalid upload.",
    item_move_does_not_exist_project: "The item to move does not exist in this project.",
    only_docs_links_take_attachments: "Only docs and links take attachments.",
    svg_file_was_refused_because_contains: "The SVG file {{name}} was refused because it contains {{problem}}.",
    these_files_not_attached_here: "These files are not attached here: {{strangers}}.",
    thumbnail_not_found: "Thumbnail not found",
    title_required: "Title is required.",
    too_many_files: "At most {{max}} files can be uploaded at once.",
    who_may_change: "Only the project's managers or the file's creator can change it.",
    who_may_delete: "Only the project's managers or the file's creator can delete it.",
    who_may_move: "Only the project's managers or the file's creator can move it.",
  },
  form_body: {
    multipart_form_body_could_not_read: "The multipart form body could not be read: check its boundary and parts.",
  },
  gantt: {
    link_closes_cycle: "This link would close a cycle: {{target}} already leads back to {{source}} through its links.",
    link_exists: "These tasks are linked already: {{source}} leads to {{target}}.",
    link_not_found: "Link not found",
    link_to_itself: "A task cannot be linked to itself.",
    shift_past_last_day: "Keeping the links would move {{title}} past 12/31/9999, the last day a task can have.",
    shifted_one_task: "1 dependent task was moved.",
    shifted_tasks: "{{count}} dependent tasks were moved.",
    who_may_link: "Only managers, the task's creator and (where the project allows it) its assignees can link {{title}} to another task.",
    who_may_shift: "You may not change the dates of these tasks, which the shift would move: {{titles}}.",
  },
  integrations: {
    chat_webhook_missing: "Save the chat integration's webhook address before sending a test message.",
    code_hosting_no_manager: "The project has no manager to act for users of {{service}} who are not mapped to a member.",
    code_hosting_payload_not_readable: "The request's body is not an event payload this address can read: {{reason}}.",
    code_hosting_signature_not_valid: "The request's signature does not match the webhook secret.",
    code_hosting_switched_off: "The code-hosting integration is switched off in this project's settings.",
    code_hosting_token_not_valid: "This webhook address is not valid: its token is wrong or missing.",
    issue_linked_twice: "This issue was linked to a task by another delivery at the same moment.",
    username_mapped_twice: "{{username}} is mapped to two members for {{service}}.",
    username_taken: "{{username}} is already mapped to another member of this project for {{service}}.",
    users_map_key_not_valid: "{{key}} is not a user mapping: use github_<user id> or bitbucket_<user id>.",
    users_map_changed_meanwhile: "The user mapping was changed by someone else at the same moment. Please try again.",
    users_map_not_member: "User {{user_id}} is not a member of this project.",
    who_may_manage_integrations: "Only the project's managers can manage its integrations.",
  },
  kanboard: {
    choose_column_project: "Choose a column of this project's board.",
    column_not_found: "Column not found",
    columns_not_on_board: "These columns are not on the project's board: {{strangers}}.",
    neighbour_not_in_column: "The card to drop beside must be another card of the target column.",
    sub_tasks_not_on_board: "Sub-tasks are not put on the board: their parent task is.",
    task_already_in_other_column: "This task already included in others column.",
    task_not_in_column: "This task is not in this column.",
    too_many_columns: "A board has at most {{max}} columns.",
    who_may_create_task: "You do not have permission to create tasks in this project.",
    who_may_manage_board: "Only site managers and the project's managers can change the board's columns.",
    who_may_move_card: "Only managers, the task's creator and its assignees can move its card.",
    wip_limit_passed: "{{title}} holds {{total}} cards, past its WIP limit of {{limit}}.",
  },
  labels: {
    label_named_already_exists: "A label named {{title}} already exists in this project.",
    label_not_found: "Label not found",
    who_may_manage_labels: "Only the project's managers can manage its labels.",
  },
  license: {
    issued_to_other_email: "This license key was issued to another e-mail address.",
    who_may_manage_license: "Only site managers can manage the license.",
  },
  milestones: {
    cannot_create_milestones: "You do not have permission to create milestones in this project.",
    cannot_make_milestones_private: "You do not have permission to make milestones private.",
    milestone_not_found: "Milestone not found",
    who_may_change: "Only the project's managers or the milestone's creator can change it.",
    who_may_delete: "Only the project's managers or the milestone's creator can delete it.",
  },
  module_lists: {
    who_may_see_modules_list: "Only site managers can see the modules list.",
    who_may_switch_modules_on_off: "Only site managers can switch modules on and off.",
  },
  notifications: {
    assigned: "{{actor}} assigned you to {{task}}",
    commented: "{{actor}} commented on {{task}}",
    completed: "{{actor}} completed {{task}}",
    due_soon: "{{task}} is due on {{date}}",
    following_task: "You are following this task.",
    marked_all_read: "All notifications marked as read.",
    marked_read: "Notification marked as read.",
    mentioned: "{{actor}} mentioned you on {{task}}",
    no_longer_following_task: "You no longer follow this task.",
    notification_not_found: "Notification not found",
    someone: "Someone",
  },
  pages: {
    page_not_found: "Page not found",
    page_with_path_already_exists: "A page with the path {{path}} already exists.",
    path_used_by_plotline_itself_choose: "The path {{path}} is used by Plotline itself; choose another.",
    who_may_change_site_pages: "Only site managers can change the site's pages.",
  },
  personal_report: {
    date_format: "Use the date format MM/DD/YYYY.",
    end_before_start: "The end date must not be before the start date.",
    range_too_long: "A report covers at most {{max}} days.",
    start_date_required: "Choose the start date.",
    users_format: "users must be user ids separated by commas.",
    who_may_see: "Only managers can see another user's report.",
  },
  progress: {
    who_may_see_progress: "Only site managers can see the Progress feed.",
  },
  project_settings: {
    invalid_setting: "Invalid setting",
    webhook_host_not_found: "The webhook's host name {{host}} could not be found.",
    webhook_must_https: "The webhook's address must start with https://.",
    webhook_must_http_or_https: "The webhook's address must start with https:// or http://.",
    webhook_needed_to_enable: "Enter the webhook's address before turning the chat integration on.",
    webhook_not_url: "The webhook's address is not a valid web address.",
    webhook_private_address: "The webhook's address leads to a loopback, link-local or private network address, which is not allowed.",
    webhook_with_credentials: "The webhook's address must not hold a user name or password.",
    who_may_change_settings: "Only the project's managers can change its settings.",
  },
  projects: {
    cannot_create_projects: "You do not have permission to create projects.",
    project_needs_at_least_one_manager: "A project needs at least one manager.",
    user_listed_twice: "User {{user_id}} is listed twice.",
    who_may_change: "Only the project's managers can change it.",
    who_may_delete: "Only the project's managers can delete it.",
    you_not_member_project: "You are not a member of this project.",
  },
  reports: {
    end_date_before_start_date: "The end date must not be before the start date.",
    filter_key_used_twice: "Each filter can be used once: {{skey}} is given twice.",
    filter_needs_value: "Choose a value for the filter {{skey}}.",
    filters_not_readable: "filters must be a list of rows, each with skey and svalue.",
    filters_required: "Choose at least one filter.",
    only_own_exports: "You can only export your own reports.",
    payable_must_be: "payable must be 0 (Not Payable) or 1 (Payable).",
    please_choose_milestone: "Please choose milestone",
    please_choose_project: "Please choose project",
    please_select_user: "Please Select user",
    start_due_date_field_required: "Start and Due date field is required",
    status_must_be: "status must be 0 (Incomplete), 1 (Complete) or 2 (Pending).",
    time_needs_dates: "time needs start_at and due_date (YYYY-MM-DD), the start not after the due date.",
    too_many_filters: "At most {{max}} filters can be used at once.",
    unknown_filter_key: "Unknown filter {{skey}}: use assigned, project, status, payable or time.",
    who_may_see_reports: "Only site managers can see reports.",
  },
  site_settings: {
    choose_one_image_upload_as_logo: "Choose one image to upload as the logo.",
    chosen_file_empty: "The chosen file is empty.",
    invalid_settings: "Invalid settings",
    logo_must_at_most_5_mb: "The logo must be at most 5 MB.",
    logo_must_png_jpeg_gif_webp: "The logo must be a PNG, JPEG, GIF, WebP or SVG image.",
    send_logo_as_multipart_form_data: "Send the logo as multipart form data in the field file.",
    who_may_change_site_settings: "Only site managers can change site settings.",
  },
  sprints: {
    backlog_projects: "Choose projects you are a member of: {{strangers}}.",
    carry_over_target: "Choose another planned sprint to carry the open tasks over to.",
    carry_over_target_projects: "{{title}} does not span these projects of the open tasks: {{projects}}. Add them to it first.",
    choose_projects: "Choose projects you manage or work on as a co-worker: {{strangers}}.",
    completed_keeps_dates: "A completed sprint keeps its dates and projects.",
    completed_keeps_tasks: "A completed sprint's tasks stay as they were.",
    due_before_start: "The due date cannot be before the start date.",
    only_active_complete: "Only an active sprint can be completed.",
    only_planned_start: "Only a planned sprint can be started.",
    project_still_has_tasks: "The sprint still holds tasks of these projects: {{titles}}. Take them out first.",
    sprint_not_found: "Sprint not found",
    sub_tasks_not_in_sprint: "Sub-tasks are not put in a sprint: their parent task is.",
    task_in_other_sprint: "These tasks are already in the open sprint {{title}}: {{ids}}. A task is in at most one open sprint.",
    task_not_in_sprint: "This task is not in this sprint.",
    tasks_not_found: "These are not tasks of the sprint's projects: {{strangers}}.",
    too_long: "A sprint lasts at most {{max}} days.",
    too_many_tasks: "A sprint holds at most {{max}} tasks.",
    who_may_change_tasks: "Only site managers, the sprint's creator and the managers of a task's project can add its tasks to this sprint or take them out.",
    who_may_edit: "Only site managers and the sprint's creator can change this sprint.",
  },
  sub_tasks: {
    list_archived_restore_to_change: "This task list is archived. Restore it to change its sub-tasks.",
    not_sub_tasks_of_task: "These are not sub-tasks of this task: {{strangers}}.",
    sub_task_not_found: "Sub-task not found",
    who_may_create: "Only managers, the task's creator and its assignees can add sub-tasks to it.",
    who_may_sort: "Only managers, the task's creator and its assignees can reorder its sub-tasks.",
  },
  task_lists: {
    cannot_create_private_task_lists: "You do not have permission to create private task lists.",
    cannot_make_task_lists_private: "You do not have permission to make task lists private.",
    cannot_reorder_task_lists: "You do not have permission to reorder task lists in this project.",
    choose_milestone_project: "Choose a milestone of this project.",
    inbox_cannot_archived_made_private_new: "The Inbox cannot be archived or made private: new tasks land in it.",
    inbox_cannot_deleted: "The Inbox cannot be deleted.",
    task_lists_take_no_files: "Task lists take no files.",
    these_lists_not_project: "These lists are not in the project: {{strangers}}.",
    too_many_tasks_listed: "At most {{max}} tasks can be listed at once (here {{lists}} lists x {{per_list}} tasks); ask for fewer lists per page or fewer tasks per list.",
    who_may_change: "Only managers and the list's creator can change it.",
    who_may_delete: "Only managers and the list's creator can delete it.",
  },
  task_types: {
    task_type_not_found: "Task type not found",
    title_already_exists: "A task type with this title already exists.",
    who_may_manage_task_types: "Only site managers can manage task types.",
  },
  tasks: {
    bulk_due_date_before_start: "The due date cannot be before the start date of these tasks: {{ids}}.",
    bulk_sub_tasks_move_with_parent: "Sub-tasks move with their parent task: {{ids}}.",
    bulk_who_may_change: "Only managers and each task's creator can change these tasks: {{ids}}.",
    bulk_who_may_change_details: "Only managers, each task's creator and (where the project allows it) its assignees can change the dates of these tasks: {{ids}}.",
    bulk_who_may_change_status: "Only managers, each task's creator and its assignees can change the status of these tasks: {{ids}}.",
    bulk_who_may_delete: "Only managers and each task's creator can delete these tasks: {{ids}}.",
    cannot_create_private_tasks: "You do not have permission to create private tasks.",
    cannot_create_tasks: "You do not have permission to create tasks in this project.",
    cannot_make_tasks_private: "You do not have permission to make tasks private.",
    cannot_reorder_tasks: "You do not have permission to reorder tasks in this project.",
    choose_existing_task_type: "Choose an existing task type.",
    choose_labels_project_not: "Choose labels of this project; not: {{strangers}}.",
    choose_task_list_project: "Choose a task list of this project.",
    choose_task_project: "Choose a task of this project.",
    due_date_cannot_before_start_date: "The due date cannot be before the start date.",
    give_date_compare_with: "Give a date to compare {{field}} with.",
    only_members_assigned: "Only members of this project can be assigned; not: {{strangers}}.",
    sub_task_moves_with_parent_task: "A sub-task moves with its parent task.",
    sub_task_privacy_follows_parent: "A sub-task's privacy is its parent task's: change the parent's privacy instead.",
    task_list_archived_restore_before_adding: "This task list is archived. Restore it before adding tasks to it.",
    task_not_found: "Task not found",
    these_tasks_not_list: "These tasks are not in the list: {{strangers}}.",
    these_tasks_not_project: "These tasks are not in the project: {{strangers}}.",
    who_may_change: "Only managers and the task's creator can change it.",
    who_may_change_status: "Only managers, the task's creator and its assignees can change its status.",
    who_may_delete: "Only managers and the task's creator can delete it.",
    who_may_move: "Only managers and the task's creator can move it.",
  },
  time_tracker: {
    another_timer_started_same_moment: "Another timer of yours was started at the same moment. Please try again.",
    custom_time_at_least_one_minute: "Add at least 1 minute.",
    custom_time_at_most_24_hours: "Custom time can be at most 24 hours.",
    date_cannot_be_in_future: "The date cannot be in the future.",
    list_archived_restore_to_delete: "This task list is archived. Please restore the task list to delete time logged on its tasks.",
    list_archived_restore_to_log: "This task list is archived. Please restore the task list to log time on its tasks.",
    please_stop_your_time_tracker: "Please stop your time tracker.",
    task_complete_cannot_delete_time: "This task is complete. Time can be deleted only while the task is incomplete.",
    task_complete_cannot_log_time: "This task is complete. Time can be logged only on an incomplete task.",
    time_log_not_found: "Time log not found",
    timer_not_running: "Your time tracker is not running.",
    timer_not_running_on_task: "Your time tracker is not running on this task.",
    timer_on_task_stopped: "Your timer on \"{{title}}\" was stopped.",
    timer_on_task_stopped_at_cap: "Your timer on \"{{title}}\" ran longer than {{hours}} hours, so it was stopped at {{hours}} hours.",
    who_may_delete: "Only the person who logged this time can delete it.",
    who_may_dismiss: "Only the timer's owner can dismiss this notice.",
    who_may_log: "Only the task's assignees can log time on it (clients cannot).",
    who_may_see_others_time: "Only the project's managers can see other people's time on a task.",
    who_may_see_timesheet: "Only site managers and the managers of a project you share can open someone else's timesheet.",
  },
  trash: {
    nothing_to_undo: "There is nothing to undo any more.",
    record_gone: "This cannot be undone: the {{record}} #{{id}} it belongs to has been deleted since.",
  },
  store_link: {
    body_not_json: "The request's body is not JSON.",
    body_not_order: "The request's body is not a WooCommerce order.",
    link_not_found: "Store link not found",
    order_without_email: "The order has no valid billing e-mail address.",
    not_configured: "Save the shop's address and its REST consumer key and secret first.",
    password_link_not_valid: "This link to set a password is not valid or has expired. Ask for a new one.",
    project_not_found: "The linked project no longer exists.",
    shop_answered_error: "The shop answered {{status}} to {{path}}: {{reason}}",
    shop_not_reachable: "The shop at {{host}} could not be reached: {{reason}}",
    shop_url_not_allowed: "The shop's address is not allowed: {{reason}}.",
    signature_not_valid: "The request's X-WC-Webhook-Signature does not match the webhook secret.",
    webhook_secret_missing: "No webhook secret is saved: the store link takes no orders until one is.",
    who_may_manage: "Only site managers can manage the store link.",
  },
  users: {
    at_least_one_user_must_keep: "At least one user must keep the manager capability",
    user_not_found: "User not found",
    user_with_e_mail_address_already: "A user with this e-mail address already exists",
    who_may_add_users: "Only site managers can add users",
    who_may_change_users: "Only site managers can change users",
  },
} as const;

type Catalogue = typeof MESSAGES;

/** A message's key: `<area>.<name>`, e.g. `tasks.task_not_found`. */
export type MessageKey = { [Area in keyof Catalogue]: `${Area & string}.${keyof Catalogue[Area] & string}` }[keyof Catalogue];

/** The English template of a key. */
type TemplateOf<K extends MessageKey> = K extends `${infer Area extends keyof Catalogue & string}.${infer Name}`
  ? Name extends keyof Catalogue[Area]
    ? Catalogue[Area][Name]
    : never
  : never;

/** The `{{param}}` names in a template. */
type Placeholders<T> = T extends `${string}{{${infer Param}}}${infer Rest}` ? Param | Placeholders<Rest> : never;

/** The parameters a key's template needs, by name. */
export type MessageParams<K extends MessageKey> = { [P in Placeholders<TemplateOf<K>>]: string | number };

/** A catalogue message as the API sends it beside its English text. */
export const messageRefSchema = z.object({
  /** The catalogue key, e.g. `tasks.task_not_found`; unknown keys fall back to the English text. */
  key: z.string(),
  /** Values of the template's `{{param}}` placeholders. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type MessageRef = z.infer<typeof messageRefSchema>;

/** Whether `key` names a message of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  const [area, name, ...rest] = key.split(".");
  if (area === undefined || name === undefined || rest.length > 0 || !Object.hasOwn(MESSAGES, area)) return false;
  return Object.hasOwn(MESSAGES[area as keyof Catalogue], name);
}

/** The English template of a key. */
export function messageTemplate(key: MessageKey): string {
  const [area, name] = key.split(".") as [keyof Catalogue, string];
  return (MESSAGES[area] as Record<string, string>)[name] ?? key;
}

/** Fills a template's `{{param}}` placeholders; a missing parameter stays as written, so it shows. */
export function fillTemplate(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The English text of a catalogue message with its parameters. */
export function renderMessage<K extends MessageKey>(key: K, params: MessageParams<K>): string {
  return fillTemplate(messageTemplate(key), params);
}
