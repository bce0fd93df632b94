import type { Capability } from "@plotline/contracts";

/**
 * Who may see a private record, as pure predicates. `privacy.filters.ts` says exactly the same in SQL, and
 * the property test in this folder holds the two together; README.md states the rules in words.
 */

/** The capabilities that show private records, one per kind of private record. */
export type PrivateCapability = Extract<Capability, `view_private_${string}`>;

/** Every private capability, in a fixed order. */
export const PRIVATE_CAPABILITIES: readonly PrivateCapability[] = [
  "view_private_file", "view_private_list", "view_private_message", "view_private_milestone", "view_private_task",
];

/** What one reader may see of one project's private records. */
export interface PrivacyView {
  /** Holds the site-wide manager capability: sees every record. */
  isSiteManager: boolean;
  /** Is the project's manager: sees every record of the project. */
  isProjectManager: boolean;
  /** The view_private_* capabilities the reader's role holds in the project. */
  capabilities: ReadonlySet<PrivateCapability>;
}

/** The little of `ProjectAccess` a view is built from (kept structural so this file imports no module). */
export interface AccessLike {
  /** Site manager or project manager (ProjectAccess folds both into one flag). */
  isManager: boolean;
  can: (capability: Capability) => boolean;
}

/** Views already worked out, by the access they came from (accesses are kept between requests, unchanged). */
const viewsOfAccess = new WeakMap<AccessLike, PrivacyView>();

/** The reader's privacy view of a project, from their access to it. */
export function privacyViewOf(access: AccessLike): PrivacyView {
  let view = viewsOfAccess.get(access);
  if (!view) {
    view = {
      // ProjectAccess does not tell the two managers apart; both see everything, so either flag will do.
      isSiteManager: false,
      isProjectManager: access.isManager,
      capabilities: new Set(PRIVATE_CAPABILITIES.filter((capability) => access.can(capability))),
    };
    viewsOfAccess.set(access, view);
  }
  return view;
}

/** A view that sees every private record (site managers reading every project). */
export const SEES_EVERYTHING: PrivacyView = { isSiteManager: true, isProjectManager: false, capabilities: new Set(PRIVATE_CAPABILITIES) };

/** Whether the reader may see records hidden behind `capability`: managers always, others by their role. */
export function holds(view: PrivacyView, capability: PrivateCapability): boolean {
  return view.isSiteManager || view.isProjectManager || view.capabilities.has(capability);
}

/** A privacy flag as stored: 0 is public, anything else is private (an unknown value hides rather than shows). */
export function isPrivate(flag: number): boolean {
  return flag !== 0;
}

/** A privacy flag as the API shows it: "1" for private, "0" for public, by the same rule. */
export function privacyFlagText(flag: number): "0" | "1" {
  return isPrivate(flag) ? "1" : "0";
}

/**
 * A record whose visibility depends on privacy flags, with the flags that decide it:
 * - a task: its own flag and its list's (a private list hides its tasks);
 * - a task list, a milestone, a discussion: their own flag;
 * - a file-tree item: its own flag and whether any folder above it is private (a private folder hides
 *   what is below it).
 * Comments and attachments have no flag: they follow the record they are on (`PrivateRecord` of that one).
 */
export type PrivateRecord =
  | { kind: "task"; privacy: number; listPrivacy: number }
  | { kind: "task_list"; privacy: number }
  | { kind: "milestone"; privacy: number }
  | { kind: "discussion"; privacy: number }
  | { kind: "file"; privacy: number; inPrivateFolder: boolean };

const OWN_CAPABILITY: Record<PrivateRecord["kind"], PrivateCapability> = {
  task: "view_private_task",
  task_list: "view_private_list",
  milestone: "view_private_milestone",
  discussion: "view_private_message",
  file: "view_private_file",
};

/**
 * The capabilities a reader needs to see the record: none for a public one, the matching view_private_*
 * for a private one, and for a task view_private_task when it is private plus view_private_list when its
 * list is. A file below a private folder needs view_private_file like a private file.
 */
export function capabilitiesToSee(record: PrivateRecord): PrivateCapability[] {
  switch (record.kind) {
    case "task":
      return [
        ...(isPrivate(record.privacy) ? (["view_private_task"] as const) : []),
        ...(isPrivate(record.listPrivacy) ? (["view_private_list"] as const) : []),
      ];
    case "file":
      return isPrivate(record.privacy) || record.inPrivateFolder ? ["view_private_file"] : [];
    default:
      return isPrivate(record.privacy) ? [OWN_CAPABILITY[record.kind]] : [];
  }
}

/** Whether the reader may see the record. */
export function canSee(view: PrivacyView, record: PrivateRecord): boolean {
  return capabilitiesToSee(record).every((capability) => holds(view, capability));
}

/** Whether the reader may see a task, given its list. */
export function canSeeTask(view: PrivacyView, task: { privacy: number }, list: { privacy: number }): boolean {
  return canSee(view, { kind: "task", privacy: task.privacy, listPrivacy: list.privacy });
}

/** Whether the reader may see a task list (and so the list's tasks, as far as the list decides). */
export function canSeeTaskList(view: PrivacyView, list: { privacy: number }): boolean {
  return canSee(view, { kind: "task_list", privacy: list.privacy });
}

/** Whether the reader may see a milestone. */
export function canSeeMilestone(view: PrivacyView, milestone: { privacy: number }): boolean {
  return canSee(view, { kind: "milestone", privacy: milestone.privacy });
}

/** Whether the reader may see a discussion. */
export function canSeeDiscussion(view: PrivacyView, discussion: { privacy: number }): boolean {
  return canSee(view, { kind: "discussion", privacy: discussion.privacy });
}

/** Whether the reader may see a file-tree item, given whether a folder above it is private. */
export function canSeeFile(view: PrivacyView, file: { privacy: number }, inPrivateFolder: boolean): boolean {
  return canSee(view, { kind: "file", privacy: file.privacy, inPrivateFolder });
}

function shortName(capability: PrivateCapability): string {
  return capability.slice("view_private_".length);
}

/**
 * The privacy scope an activity entry about a record carries, from the capabilities that record needs
 * (`capabilitiesToSee`): null for none, the capability itself for one, and for several (a private task in
 * a private list) their short names joined, `list+task`, which only readers holding all of them may read.
 */
export function privacyScopeOf(capabilities: readonly PrivateCapability[]): string | null {
  const unique = [...new Set(capabilities)].sort();
  if (unique.length === 0) return null;
  if (unique.length === 1) return unique[0] ?? null;
  return unique.map(shortName).join("+");
}

/** Every entry scope a reader may read: each view_private_* they hold and each joined scope made only of those. */
export function readableScopes(can: (capability: PrivateCapability) => boolean): string[] {
  const held = PRIVATE_CAPABILITIES.filter((capability) => can(capability));
  const scopes: string[] = [...held];
  // Joined scopes are every subset of two or more held capabilities, in the sorted order privacyScopeOf writes.
  for (let mask = 1; mask < 1 << held.length; mask += 1) {
    const subset = held.filter((_, index) => (mask & (1 << index)) !== 0);
    if (subset.length >= 2) scopes.push(subset.map(shortName).join("+"));
  }
  return scopes;
}

/** Whether a reader holds every private capability, and so may read every entry scope of a project. */
export function readsEveryScope(can: (capability: PrivateCapability) => boolean): boolean {
  return PRIVATE_CAPABILITIES.every((capability) => can(capability));
}

/** Whether the reader may set the privacy flag of a record of this kind: only who could still see it after. */
export function canMakePrivate(view: PrivacyView, kind: Exclude<PrivateRecord["kind"], "discussion">): boolean {
  return holds(view, OWN_CAPABILITY[kind]);
}

/** Keys already worked out, by view (views are kept with the accesses they came from, unchanged). */
const viewKeys = new WeakMap<PrivacyView, string>();

/** A stable key of what a view sees, to group projects read with the same view into one SQL branch. */
export function viewKey(view: PrivacyView): string {
  let key = viewKeys.get(view);
  if (key === undefined) {
    key = PRIVATE_CAPABILITIES.map((capability) => (holds(view, capability) ? "1" : "0")).join("");
    viewKeys.set(view, key);
  }
  return key;
}

/** Projects read with the same view: one branch of a query over several projects. */
export interface ViewScope {
  projectIds: number[];
  view: PrivacyView;
}

/** Groups projects by view, so that a query over many projects has one branch per distinct view (at most 32). */
export function groupByView(entries: Iterable<{ projectId: number; view: PrivacyView }>): ViewScope[] {
  const groups = new Map<string, ViewScope>();
  for (const { projectId, view } of entries) {
    const key = viewKey(view);
    const group = groups.get(key) ?? { projectIds: [], view };
    group.projectIds.push(projectId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The projects of the scopes whose view lacks `capability`: where that kind's private records are hidden. */
export function projectsHiding(scopes: readonly ViewScope[], capability: PrivateCapability): number[] {
  return scopes.flatMap((scope) => (holds(scope.view, capability) ? [] : scope.projectIds));
}
