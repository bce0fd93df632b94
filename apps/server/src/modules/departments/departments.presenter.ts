import type { Department } from "@plotline/contracts";
import { presentUser } from "../users/users.presenter.js";
import type { DepartmentMember, DepartmentRow } from "./departments.repository.js";

/** A department with its people: their ids (ascending), their number, and the users by name. */
export function presentDepartment(row: DepartmentRow, members: readonly DepartmentMember[]): Department {
  const mine = members.filter((member) => member.department_id === row.id);
  return {
    id: row.id,
    title: row.title,
    user_ids: mine.map((member) => member.user_id).sort((a, b) => a - b),
    users_count: mine.length,
    users: mine.map(presentUser),
  };
}
