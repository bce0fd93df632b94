import type { Kysely } from "kysely";
import type { DatabaseKind } from "../kysely.js";
import { DATE, TIMESTAMP, withId } from "./helpers.js";

/**
 * The project manager core: projects and members, task lists, tasks and assignees, task types,
 * milestones, discussions, comments, activities, favourites. `order` is a reserved word, so the columns
 * are `sort_order` (the API still says `order`). Indexes follow the filters of the list calls.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const userRef = "users.id";

  await withId(db.schema.createTable("projects"), kind)
    .addColumn("title", "varchar(200)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("status", "varchar(20)", (col) => col.notNull().defaultTo("incomplete"))
    .addColumn("color", "varchar(7)")
    .addColumn("created_by", "integer", (col) => col.notNull().references(userRef))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("projects_status_idx").on("projects").columns(["status", "id"]).execute();

  await db.schema
    .createTable("project_members")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references(userRef).onDelete("cascade"))
    .addColumn("role_id", "integer", (col) => col.notNull())
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("project_members_pk", ["project_id", "user_id"])
    .execute();
  await db.schema.createIndex("project_members_user_idx").on("project_members").columns(["user_id", "project_id"]).execute();

  await db.schema
    .createTable("project_settings")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("key", "varchar(100)", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("project_settings_pk", ["project_id", "key"])
    .execute();

  await db.schema
    .createTable("favourite_projects")
    .addColumn("user_id", "integer", (col) => col.notNull().references(userRef).onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("favourite_projects_pk", ["user_id", "project_id"])
    .execute();

  await withId(db.schema.createTable("milestones"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "varchar(255)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("achieve_date", DATE)
    .addColumn("status", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("privacy", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (col) => col.notNull().references(userRef))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("milestones_project_idx").on("milestones").columns(["project_id", "achieve_date"]).execute();

  await withId(db.schema.createTable("task_lists"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "varchar(255)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("privacy", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("is_inbox", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("milestone_id", "integer", (col) => col.references("milestones.id").onDelete("set null"))
    .addColumn("created_by", "integer", (col) => col.notNull().references(userRef))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("task_lists_project_idx").on("task_lists").columns(["project_id", "status", "sort_order"]).execute();
  await db.schema.createIndex("task_lists_milestone_idx").on("task_lists").column("milestone_id").execute();

  await withId(db.schema.createTable("task_types"), kind)
    .addColumn("title", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "varchar(500)", (col) => col.notNull().defaultTo(""))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable("tasks"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("task_list_id", "integer", (col) => col.notNull().references("task_lists.id").onDelete("cascade"))
    .addColumn("parent_id", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("title", "varchar(255)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("estimation", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("start_at", DATE)
    .addColumn("due_date", DATE)
    .addColumn("priority", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("complexity", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("payable", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("recurrent", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("privacy", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("type_id", "integer", (col) => col.references("task_types.id").onDelete("set null"))
    .addColumn("created_by", "integer", (col) => col.notNull().references(userRef))
    .addColumn("completed_by", "integer", (col) => col.references(userRef))
    .addColumn("completed_at", TIMESTAMP)
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("tasks_list_idx").on("tasks").columns(["task_list_id", "status", "sort_order"]).execute();
  await db.schema.createIndex("tasks_project_status_idx").on("tasks").columns(["project_id", "status", "due_date"]).execute();
  await db.schema.createIndex("tasks_project_start_idx").on("tasks").columns(["project_id", "start_at"]).execute();
  await db.schema.createIndex("tasks_due_idx").on("tasks").columns(["due_date"]).execute();
  await db.schema.createIndex("tasks_completed_idx").on("tasks").columns(["completed_at"]).execute();
  await db.schema.createIndex("tasks_parent_idx").on("tasks").columns(["parent_id"]).execute();

  await db.schema
    .createTable("task_assignees")
    .addColumn("task_id", "integer", (col) => col.notNull().references("tasks.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references(userRef).onDelete("cascade"))
    .addColumn("project_id", "integer", (col) => col.notNull())
    .addColumn("assigned_at", TIMESTAMP, (col) => col.notNull())
    .addPrimaryKeyConstraint("task_assignees_pk", ["task_id", "user_id"])
    .execute();
  await db.schema.createIndex("task_assignees_user_idx").on("task_assignees").columns(["user_id", "project_id", "task_id"]).execute();

  await withId(db.schema.createTable("discussions"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "varchar(255)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("privacy", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("milestone_id", "integer", (col) => col.references("milestones.id").onDelete("set null"))
    .addColumn("created_by", "integer", (col) => col.notNull().references(userRef))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("discussions_project_idx").on("discussions").columns(["project_id", "id"]).execute();
  await db.schema.createIndex("discussions_milestone_idx").on("discussions").column("milestone_id").execute();

  await withId(db.schema.createTable("comments"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("commentable_type", "varchar(30)", (col) => col.notNull())
    .addColumn("commentable_id", "integer", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("created_by", "integer", (col) => col.notNull().references(userRef))
    .addColumn("created_at", TIMESTAMP, (col) => col.notNull())
    .addColumn("updated_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("comments_target_idx").on("comments").columns(["commentable_type", "commentable_id", "id"]).execute();
  await db.schema.createIndex("comments_project_idx").on("comments").column("project_id").execute();

  await db.schema
    .createTable("comment_notify_users")
    .addColumn("comment_id", "integer", (col) => col.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references(userRef).onDelete("cascade"))
    .addPrimaryKeyConstraint("comment_notify_users_pk", ["comment_id", "user_id"])
    .execute();

  await withId(db.schema.createTable("activities"), kind)
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("actor_id", "integer", (col) => col.notNull().references(userRef))
    .addColumn("action", "varchar(60)", (col) => col.notNull())
    .addColumn("action_type", "varchar(20)", (col) => col.notNull())
    .addColumn("resource_type", "varchar(30)", (col) => col.notNull())
    .addColumn("resource_id", "integer")
    /** Whether the resource was private when this happened; hides the entry from those who may not see it. */
    .addColumn("privacy_scope", "varchar(30)")
    .addColumn("message", "varchar(600)", (col) => col.notNull())
    .addColumn("meta", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("committed_at", TIMESTAMP, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("activities_project_idx").on("activities").columns(["project_id", "committed_at"]).execute();
  await db.schema.createIndex("activities_actor_idx").on("activities").columns(["actor_id", "committed_at"]).execute();
  await db.schema.createIndex("activities_committed_idx").on("activities").column("committed_at").execute();
  // activities_resource_idx is created by 0004-activity-subjects (databases made before then already have it).
}
