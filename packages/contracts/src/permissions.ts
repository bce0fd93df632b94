/**
 * Roles and capabilities, one list for server and web. Role ids are the host project manager's.
 */

/** Role ids within a project. */
export const ROLE = { manager: 1, co_worker: 2, client: 3 } as const;
export type RoleName = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleName];

/** The ten capabilities a project grants per role, in the documents' order. */
export const CAPABILITIES = [
  "create_message",
  "view_private_message",
  "create_list",
  "view_private_list",
  "create_task",
  "view_private_task",
  "create_milestone",
  "view_private_milestone",
  "create_file",
  "view_private_file",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Capability groups as the settings screen shows them. */
export const CAPABILITY_GROUPS: ReadonlyArray<{ label: string; capabilities: readonly Capability[] }> = [
  { label: "Message", capabilities: ["create_message", "view_private_message"] },
  { label: "Todo List", capabilities: ["create_list", "view_private_list"] },
  { label: "Todo", capabilities: ["create_task", "view_private_task"] },
  { label: "Milestone", capabilities: ["create_milestone", "view_private_milestone"] },
  { label: "Files", capabilities: ["create_file", "view_private_file"] },
];

/** Roles whose capabilities a project may change. */
export type ConfigurableRole = "co_worker" | "client";

/** The create_* capabilities a client holds by default: all five, files included, as in the original. */
const CLIENT_DEFAULT_CREATE: readonly Capability[] = ["create_message", "create_list", "create_task", "create_milestone", "create_file"];

/**
 * Defaults for a project with no saved capabilities: co-workers hold all ten; clients the five create_*
 * and no view_private_*. A project that saved its capabilities keeps them (the complete set is stored).
 */
export const DEFAULT_CAPABILITIES: Record<ConfigurableRole, Record<Capability, boolean>> = {
  co_worker: Object.fromEntries(CAPABILITIES.map((cap) => [cap, true])) as Record<Capability, boolean>,
  client: Object.fromEntries(CAPABILITIES.map((cap) => [cap, CLIENT_DEFAULT_CREATE.includes(cap)])) as Record<
    Capability,
    boolean
  >,
};
