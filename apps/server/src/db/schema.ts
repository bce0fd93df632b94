import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types. Timestamps are UTC text `YYYY-MM-DD HH:MM:SS` and calendar dates `YYYY-MM-DD` on both
 * databases, so that they compare, sort and index the same way everywhere; flags are 0/1 integers.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  settings: SettingsTable;
  module_states: ModuleStatesTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_settings: ProjectSettingsTable;
  favourite_projects: FavouriteProjectsTable;
  milestones: MilestonesTable;
  task_lists: TaskListsTable;
  task_types: TaskTypesTable;
  tasks: TasksTable;
  task_assignees: TaskAssigneesTable;
  discussions: DiscussionsTable;
  comments: CommentsTable;
  comment_notify_users: CommentNotifyUsersTable;
  activities: ActivitiesTable;
  labels: LabelsTable;
  task_labels: TaskLabelsTable;
}

export interface UsersTable {
  id: Generated<number>;
  display_name: string;
  /** Lower-cased; unique. */
  email: string;
  password_hash: string;
  /** The site-wide manager capability (0/1). */
  manage_pm: number;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  /** Sent back as X-PM-Nonce on state-changing requests. */
  nonce: string;
  expires_at: string;
  created_at: string;
}
export type SessionRow = Selectable<SessionsTable>;

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 of the token. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}
export type ApiTokenRow = Selectable<ApiTokensTable>;

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
}

export interface ModuleStatesTable {
  key: string;
  active: number;
  updated_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  title: string;
  /** Sanitised HTML. */
  description: string;
  status: string;
  color: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
  /** The workforce-management department chosen on the project form (migration 0007); null = none. */
  department_id: number | null;
}
export type ProjectRow = Selectable<ProjectsTable>;

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  /** 1 manager, 2 co_worker, 3 client. */
  role_id: number;
  created_at: string;
}

export interface ProjectSettingsTable {
  project_id: number;
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
}

export interface FavouriteProjectsTable {
  user_id: number;
  project_id: number;
  created_at: string;
}

export interface MilestonesTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  achieve_date: string | null;
  status: number;
  privacy: number;
  sort_order: number;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type MilestoneRow = Selectable<MilestonesTable>;

export interface TaskListsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  sort_order: number;
  /** 1 current, 0 archived. */
  status: number;
  privacy: number;
  is_inbox: number;
  milestone_id: number | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type TaskListRow = Selectable<TaskListsTable>;

export interface TaskTypesTable {
  id: Generated<number>;
  title: string;
  description: string;
  created_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  project_id: number;
  task_list_id: number;
  /** 0 for a top-level task; the parent task's id for a sub-task. */
  parent_id: number;
  title: string;
  description: string;
  /** Minutes. */
  estimation: number;
  start_at: string | null;
  due_date: string | null;
  priority: number;
  complexity: number;
  payable: number;
  recurrent: number;
  /** 0 incomplete, 1 complete, 2 pending. */
  status: number;
  privacy: number;
  sort_order: number;
  type_id: number | null;
  created_by: number;
  completed_by: number | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}
export type TaskRow = Selectable<TasksTable>;

export interface TaskAssigneesTable {
  task_id: number;
  user_id: number;
  /** Copied from the task so "my tasks" queries filter by project without a join. */
  project_id: number;
  assigned_at: string;
}

export interface DiscussionsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  privacy: number;
  sort_order: number;
  milestone_id: number | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type DiscussionRow = Selectable<DiscussionsTable>;

export interface CommentsTable {
  id: Generated<number>;
  project_id: number;
  commentable_type: string;
  commentable_id: number;
  content: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type CommentRow = Selectable<CommentsTable>;

export interface CommentNotifyUsersTable {
  comment_id: number;
  user_id: number;
}

export interface ActivitiesTable {
  id: Generated<number>;
  project_id: number;
  actor_id: number;
  action: string;
  action_type: string;
  resource_type: string;
  resource_id: number | null;
  /** The record the entry is about (for a comment entry, the record commented on); its scope follows that record's privacy. */
  subject_type: string | null;
  subject_id: number | null;
  /** The view_private_* capability needed to see this entry, or null when anyone in the project may. */
  privacy_scope: string | null;
  message: string;
  /** JSON text. */
  meta: string;
  committed_at: string;
}
export type ActivityRow = Selectable<ActivitiesTable>;

/** A project's task label (migration 0006). */
export interface LabelsTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  /** Hex colour, `#00c2e0`. */
  color: string;
  created_by: number;
  created_at: string;
  updated_at: string;
}
export type LabelRow = Selectable<LabelsTable>;

/** A label put on a task (migration 0006); `project_id` is the task's. */
export interface TaskLabelsTable {
  task_id: number;
  label_id: number;
  project_id: number;
}
