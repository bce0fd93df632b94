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

function toAccess(actor: Actor, row: MembershipRow): ProjectAccess | null {
  const role = row.role_id === null ? null : (ROLE_NAMES[row.role_id] ?? null);
  if (actor.isSiteManager || role === "manager") {
    return { projectId: row.project_id, userId: actor.id, role, isManager: true, can: () => true };
  }
  if (role === null) return null;
  const capabilities = capabilitiesFor(role, row.capabilities);
  return { projectId: row.project_id, userId: actor.id, role, isManager: false, can: (capability) => capabilities[capability] };
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

/** Access checks bound to a database. */
export function projectAccessService(db: Kysely<Database>) {
  const repository = projectAccessRepository(db);

  /** Access to several projects in one query; projects the actor may not enter are absent. */
  async function accessToProjects(actor: Actor, projectIds: readonly number[]): Promise<Map<number, ProjectAccess>> {
    const entries = cacheOf(actor);
    const missing = projectIds.filter((id) => !entries.has(id));
    if (missing.length > 0) {
      const rows = await repository.findMemberships(actor.id, missing);
      for (const id of missing) entries.set(id, "missing");
      for (const row of rows) entries.set(row.project_id, toAccess(actor, row) ?? "not_member");
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
