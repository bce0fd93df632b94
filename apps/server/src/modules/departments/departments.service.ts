import { ROLE, type CreateDepartmentBody, type Department, type UpdateDepartmentBody } from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { forbidden, invalidField, notFound, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { usersPolicy } from "../users/users.policy.js";
import { findCoMemberIds, findUsersByIds } from "../users/users.service.js";
import { departmentsPolicy } from "./departments.policy.js";
import { presentDepartment } from "./departments.presenter.js";
import { departmentsRepository, type DepartmentRow } from "./departments.repository.js";

/**
 * The people of a department chosen on a project form, for the projects service: 400 on `department_id`
 * when the workforce-management integration is off or the department does not exist.
 */
export async function departmentPeople(db: Kysely<Database>, departmentId: number, integrationOn: boolean): Promise<number[]> {
  if (!integrationOn) throw invalidField("department_id", say("departments.departments_off_turn_workforce_management_integration"));
  const repository = departmentsRepository(db);
  if (!(await repository.findDepartment(departmentId))) throw invalidField("department_id", say("departments.unknown_department_id", { department_id: departmentId }));
  return (await repository.findMembers([departmentId])).map((member) => member.user_id);
}

/** Members plus the given people as co-workers, skipping those already listed (their role stays). */
export function withCoWorkers<M extends { user_id: number; role_id: number }>(members: readonly M[], userIds: readonly number[]): Array<M | { user_id: number; role_id: number }> {
  const listed = new Set(members.map((member) => member.user_id));
  return [...members, ...[...new Set(userIds)].filter((id) => !listed.has(id)).map((user_id) => ({ user_id, role_id: ROLE.co_worker }))];
}

/** Departments of the workforce-management integration and their people. */
export function departmentsService(ctx: AppContext) {
  const departments = departmentsRepository(ctx.db);

  function requireManager(actor: Actor): void {
    if (!departmentsPolicy.canManage(actor)) throw forbidden(say("departments.who_may_manage_departments"));
  }

  async function checkTitle(title: string, exceptId?: number): Promise<void> {
    if (await departments.findByTitle(title, exceptId)) throw invalidField("title", say("departments.department_named_already_exists", { title }));
  }

  async function checkUsers(userIds: readonly number[]): Promise<number[]> {
    const unique = [...new Set(userIds)];
    const found = new Set((await findUsersByIds(ctx.db, unique)).map((user) => user.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) throw invalidField("user_ids", say("common.unknown_user_id", { missing: missing.join(", ") }));
    return unique;
  }

  /**
   * Whose e-mail address the actor may see in a department: everyone's for a site manager, otherwise only
   * their own and that of people who share a project with them, as in the users listing.
   */
  async function emailVisibility(actor: Actor): Promise<(userId: number) => boolean> {
    if (usersPolicy.canSeeEveryone(actor)) return () => true;
    const visible = await findCoMemberIds(ctx.db, actor.id);
    return (userId) => userId === actor.id || visible.has(userId);
  }

  async function presentOne(actor: Actor, row: DepartmentRow): Promise<Department> {
    const [members, showsEmail] = await Promise.all([departments.findMembers([row.id]), emailVisibility(actor)]);
    return presentDepartment(row, members, showsEmail);
  }

  return {
    /** Every department by title, with its people: two queries. */
    async listDepartments(actor: Actor): Promise<Department[]> {
      if (!departmentsPolicy.canList(actor)) throw forbidden();
      const rows = await departments.listDepartments();
      const [members, showsEmail] = await Promise.all([departments.findMembers(rows.map((row) => row.id)), emailVisibility(actor)]);
      return rows.map((row) => presentDepartment(row, members, showsEmail));
    },

    async getDepartment(actor: Actor, id: number): Promise<Department> {
      if (!departmentsPolicy.canList(actor)) throw forbidden();
      const row = await departments.findDepartment(id);
      if (!row) throw notFound(say("departments.department_not_found"));
      return presentOne(actor, row);
    },

    async createDepartment(actor: Actor, input: CreateDepartmentBody): Promise<Department> {
      requireManager(actor);
      await checkTitle(input.title);
      const userIds = await checkUsers(input.user_ids);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const repository = departmentsRepository(trx);
        const created = await repository.insertDepartment({ title: input.title, created_at: nowUtc() });
        await repository.replaceMembers(created.id, userIds);
        return created;
      });
      return presentOne(actor, row);
    },

    /** Renames a department and/or replaces its people (projects that chose it keep their members). */
    async updateDepartment(actor: Actor, id: number, input: UpdateDepartmentBody): Promise<Department> {
      requireManager(actor);
      const current = await departments.findDepartment(id);
      if (!current) throw notFound(say("departments.department_not_found"));
      if (input.title !== undefined) await checkTitle(input.title, id);
      const userIds = input.user_ids === undefined ? undefined : await checkUsers(input.user_ids);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const repository = departmentsRepository(trx);
        const renamed = input.title === undefined ? current : await repository.renameDepartment(id, input.title);
        if (!renamed) throw notFound(say("departments.department_not_found"));
        if (userIds) await repository.replaceMembers(id, userIds);
        return renamed;
      });
      return presentOne(actor, row);
    },

    /** Deletes a department; projects that chose it keep their members and show no department. */
    async deleteDepartment(actor: Actor, id: number): Promise<void> {
      requireManager(actor);
      if (!(await departments.deleteDepartment(id))) throw notFound(say("departments.department_not_found"));
    },
  };
}

export type DepartmentsService = ReturnType<typeof departmentsService>;
