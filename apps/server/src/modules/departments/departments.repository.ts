import type { Generated, Kysely, Selectable } from "kysely";
import type { Database } from "../../db/schema.js";
import type { UserRow } from "../users/users.tables.js";
import { inChunks } from "../../db/sql-helpers.js";

/** The `departments` table of migration 0007. */
export interface DepartmentsTable {
  id: Generated<number>;
  title: string;
  created_at: string;
}
export type DepartmentRow = Selectable<DepartmentsTable>;

/** The `department_users` table of migration 0007: who works in which department. */
export interface DepartmentUsersTable {
  department_id: number;
  user_id: number;
}

/** A person of a department: the user row with the department it belongs to. */
export type DepartmentMember = UserRow & DepartmentUsersTable;

type DepartmentsDatabase = Database & { departments: DepartmentsTable; department_users: DepartmentUsersTable };

/** Queries on departments and their people. The tables are this module's own, so their types live here. */
export function departmentsRepository(base: Kysely<Database>) {
  const db: Kysely<DepartmentsDatabase> = base.withTables<{ departments: DepartmentsTable; department_users: DepartmentUsersTable }>();

  return {
    listDepartments(): Promise<DepartmentRow[]> {
      return db.selectFrom("departments").selectAll().orderBy("title").orderBy("id").execute();
    },

    findDepartment(id: number): Promise<DepartmentRow | undefined> {
      return db.selectFrom("departments").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** A department with this title (case ignored), other than `exceptId`. */
    findByTitle(title: string, exceptId?: number): Promise<DepartmentRow | undefined> {
      return db.selectFrom("departments").selectAll()
        .where((eb) => eb(eb.fn("lower", ["title"]), "=", title.toLowerCase()))
        .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId ?? 0))
        .executeTakeFirst();
    },

    /** The people of the given departments with their users, by name; one query per 500 departments. */
    findMembers(departmentIds: readonly number[]): Promise<DepartmentMember[]> {
      return inChunks(departmentIds, (chunk) =>
        db.selectFrom("department_users")
          .innerJoin("users", "users.id", "department_users.user_id")
          .selectAll("users")
          .select(["department_users.department_id", "department_users.user_id"])
          .where("department_users.department_id", "in", chunk)
          .orderBy("users.display_name").orderBy("users.id")
          .execute());
    },

    insertDepartment(row: Omit<DepartmentRow, "id">): Promise<DepartmentRow> {
      return db.insertInto("departments").values(row).returningAll().executeTakeFirstOrThrow();
    },

    renameDepartment(id: number, title: string): Promise<DepartmentRow | undefined> {
      return db.updateTable("departments").set({ title }).where("id", "=", id).returningAll().executeTakeFirst();
    },

    async deleteDepartment(id: number): Promise<boolean> {
      const result = await db.deleteFrom("departments").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Replaces a department's people. */
    async replaceMembers(departmentId: number, userIds: readonly number[]): Promise<void> {
      await db.deleteFrom("department_users").where("department_id", "=", departmentId).execute();
      const unique = [...new Set(userIds)];
      for (let start = 0; start < unique.length; start += 500) {
        await db.insertInto("department_users")
          .values(unique.slice(start, start + 500).map((user_id) => ({ department_id: departmentId, user_id })))
          .execute();
      }
    },
  };
}
