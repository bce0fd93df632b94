import {
  CAPABILITIES,
  DEFAULT_CAPABILITIES,
  ROLE,
  type Capability,
  type ConfigurableRole,
  type RoleName,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound, say, type Text } from "../../lib/app-error.js";
import { readCache, type TableRevisions } from "../../shared/read-cache.js";
import { projectAccessRepository, type MembershipRow } from "./project-access.repository.js";

/**
 * What one actor may do in one project, decided in the documents' order: the site manager capability,
 * then membership (non-members are refused), then the project manager role, then the role's capability.
 */
export interface ProjectAccess {
  projectId: number;
  userId: number;
  /** The actor's role, or null for a site manager who is not a member. */
  role: RoleName | null;
  /** Site manager or the project's manager: every capability and every record. */
  isManager: boolean;
  can: (capability: Capability) => boolean;
  /** The project's setting `assignees_can_edit`: co-workers assigned to a task may change its details. */
  assigneesCanEdit: boolean;
}

const ROLE_NAMES: Record<number, RoleName> = { [ROLE.manager]: "manager", [ROLE.co_worker]: "co_worker", [ROLE.client]: "client" };

/** Merges a project's saved overrides onto the defaults, ignoring anything that is not a known capability. */
export function capabilitiesFor(role: ConfigurableRole, savedJson: string | null): Record<Capability, boolean> {
  const merged = { ...DEFAULT_CAPABILITIES[role] };
  if (!savedJson) return merged;
  try {
    const saved = JSON.parse(savedJson) as Partial<Record<ConfigurableRole, Partial<Record<string, unknown>>>>;
    for (const capability of CAPABILITIES) {
      const value = saved[role]?.[capability];
      if (typeof value === "boolean") merged[capability] = value;
      else if (value === "true" || value === "1" || value === 1) merged[capability] = true;
      else if (value === "false" || value === "0" || value === 0) merged[capability] = false;
    }
  } catch {
    // A broken setting falls back to the defaults rather than locking everyone out.
  }
  return merged;
}

/** A yes/no project setting as saved (JSON text), or `fallback` when never saved or unreadable. */
export function flagSetting(savedJson: string | null, fallback: boolean): boolean {
  if (!savedJson) return fallback;
  try {
    const value: unknown = JSON.parse(savedJson);
    if (value === true || value === 1 || value === "1" || value === "true") return true;
    if (value === false || value === 0 || value === "0" || value === "false") return false;
  } catch {
    // A broken setting reads as never saved, like broken capabilities.
  }
  return fallback;
}

const MAY_DO_ANYTHING = (_capability: Capability) => true;

function toAccess(actor: Actor, row: MembershipRow): ProjectAccess | null {
  const role = row.role_id === null ? null : (ROLE_NAMES[row.role_id] ?? null);
  const assigneesCanEdit = flagSetting(row.assignees_can_edit, false);
  if (actor.isSiteManager || role === "manager") {
    return { projectId: row.project_id, userId: actor.id, role, isManager: true, can: MAY_DO_ANYTHING, assigneesCanEdit };
  }
  if (role === null) return null;
  const capabilities = capabilitiesFor(role, row.capabilities);
  return { projectId: row.project_id, userId: actor.id, role, isManager: false, can: (capability) => capabilities[capability], assigneesCanEdit };
}

// Access is worked out once per request: the cache hangs off the request's own actor object (auth hands
// each request a copy of the signed-in user), so a saved capability takes effect on the very next request
// and nothing leaks between users.
type CachedAccess = ProjectAccess | "not_member" | "missing";
const cache = new WeakMap<Actor, Map<number, CachedAccess>>();

function cacheOf(actor: Actor): Map<number, CachedAccess> {
  let entries = cache.get(actor);
  if (!entries) {
    entries = new Map();
    cache.set(actor, entries);
  }
  return entries;
}

/**
 * Memberships kept between requests: a user's role and the project's capability overrides change rarely and
 * are read by every project request. Any commit to these tables reads them again (shared/read-cache.ts).
 */
const MEMBERSHIP_TABLES = ["projects", "project_members", "project_settings"] as const;
const MAX_MEMBERSHIPS_KEPT = 50_000;

/**
 * A user's membership of one project as last read: its row, or null when the project does not exist, and
 * the access worked out from it (kept with it: it depends on nothing else, and every request needs it).
 */
interface KeptMembership {
  row: MembershipRow | null;
  access?: ProjectAccess | "not_member" | "missing";
}

/** A kept membership's key: the access kept with it depends on whether the actor is a site manager too. */
function membershipKey(actor: Actor, projectId: number): string {
  return `${actor.id}:${actor.isSiteManager ? "site" : "member"}:${projectId}`;
}

/** Access checks bound to a database; `tables` keeps memberships between requests. */
export function projectAccessService(db: Kysely<Database>, tables: TableRevisions) {
  const repository = projectAccessRepository(db);
  const memberships = readCache<KeptMembership>(tables, { dependsOn: MEMBERSHIP_TABLES, maxWeight: MAX_MEMBERSHIPS_KEPT });

  /**
   * The actor's kept memberships of these projects, from the cache where it holds, else in one query.
   */
  async function membershipsOf(actor: Actor, projectIds: readonly number[]): Promise<Map<number, KeptMembership>> {
    const stamp = await memberships.stamp();
    const found = new Map<number, KeptMembership>();
    const unknown: number[] = [];
    for (const id of projectIds) {
      const kept = memberships.peek(membershipKey(actor, id), stamp);
      if (kept) found.set(id, kept);
      else unknown.push(id);
    }
    if (unknown.length === 0) return found;
    const rows = new Map((await repository.findMemberships(actor.id, unknown)).map((row) => [row.project_id, row]));
    for (const id of unknown) {
      const kept: KeptMembership = { row: rows.get(id) ?? null };
      memberships.put(membershipKey(actor, id), stamp, kept);
      found.set(id, kept);
    }
    return found;
  }

  /** Access to several projects in one query; projects the actor may not enter are absent. */
  async function accessToProjects(actor: Actor, projectIds: readonly number[]): Promise<Map<number, ProjectAccess>> {
    const entries = cacheOf(actor);
    const missing = projectIds.filter((id) => !entries.has(id));
    if (missing.length > 0) {
      for (const [id, kept] of await membershipsOf(actor, missing)) {
        kept.access ??= kept.row ? (toAccess(actor, kept.row) ?? "not_member") : "missing";
        entries.set(id, kept.access);
      }
    }
    const result = new Map<number, ProjectAccess>();
    for (const id of projectIds) {
      const access = entries.get(id);
      if (typeof access === "object") result.set(id, access);
    }
    return result;
  }

  return {
    accessToProjects,

    /** Access to one project; 404 when it does not exist, 403 when the actor is not a member. */
    async requireAccess(actor: Actor, projectId: number): Promise<ProjectAccess> {
      const entries = cacheOf(actor);
      if (!entries.has(projectId)) await accessToProjects(actor, [projectId]);
      const access = entries.get(projectId);
      if (typeof access === "object") return access;
      if (access === "not_member") throw new AppError("forbidden", say("projects.you_not_member_project"));
      throw notFound(say("common.project_not_found"));
    },

    /** Forgets what was worked out for this actor, after their membership or role changed mid-request. */
    forget(actor: Actor, projectId: number): void {
      cacheOf(actor).delete(projectId);
    },

    /** Access to every project the actor belongs to (site managers: only those they belong to). */
    async accessToMemberProjects(actor: Actor): Promise<Map<number, ProjectAccess>> {
      const rows = await repository.findAllMemberships(actor.id);
      const entries = cacheOf(actor);
      const result = new Map<number, ProjectAccess>();
      for (const row of rows) {
        const access = toAccess(actor, row);
        entries.set(row.project_id, access ?? "not_member");
        if (access) result.set(row.project_id, access);
      }
      return result;
    },
  };
}

export type ProjectAccessService = ReturnType<typeof projectAccessService>;

/** Throws 403 unless the access grants the capability. */
export function requireCapability(access: ProjectAccess, capability: Capability, message: Text): void {
  if (!access.can(capability)) throw new AppError("forbidden", message);
}
