import type { Department } from "@plotline/contracts";
import { presentUser } from "../users/users.presenter.js";
import type { DepartmentMember, DepartmentRow } from "./departments.repository.js";

/**
 * A department with its people: their ids (ascending), their number, and the users by name. `showsEmail`
 * says whose e-mail address the viewer may see; the others' is empty.
 */
export function presentDepartment(row: DepartmentRow, members: readonly DepartmentMember[], showsEmail: (userId: number) => boolean): Department {
  const mine = members.filter((member) => member.department_id === row.id);
  return {
    id: row.id,
    title: row.title,
    user_ids: mine.map((member) => member.user_id).sort((a, b) => a - b),
    users_count: mine.length,
    users: mine.map((member) => (showsEmail(member.id) ? presentUser(member) : { ...presentUser(member), email: "" })),
  };
}
