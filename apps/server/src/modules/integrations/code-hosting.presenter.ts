import { codeHostingWebhookPath, ROLE, type GitBitIntegration, type GitBitSetting, type IntegrationUser, type UsersMap } from "@plotline/contracts";
import type { CodeHostingMember, UsernameRow } from "./code-hosting.repository.js";

const ROLE_NAMES = { [ROLE.manager]: "manager", [ROLE.co_worker]: "co_worker", [ROLE.client]: "client" } as const;

/** A member as the user-mapping table lists them: no e-mail address. */
export function presentIntegrationUser(member: CodeHostingMember): IntegrationUser {
  return {
    id: member.id,
    display_name: member.display_name,
    avatar_url: member.avatar_url,
    role: ROLE_NAMES[member.role_id as keyof typeof ROLE_NAMES] ?? "co_worker",
  };
}

/** The map as the documents name its keys: `github_{userId}`, `bitbucket_{userId}`. */
export function presentUsersMap(rows: readonly UsernameRow[]): UsersMap {
  return Object.fromEntries(rows.map((row) => [`${row.provider}_${row.user_id}`, row.username]));
}

/** `git_bit` with the incoming address to copy: absolute under `PUBLIC_URL` when set, else from the site's root. */
export function presentGitBitIntegration(setting: GitBitSetting, projectId: number, publicUrl: string | null): GitBitIntegration {
  const path = setting.git_bit_hash === null ? null : codeHostingWebhookPath(projectId, setting.git_bit_hash);
  return { ...setting, webhook_url: path === null ? null : `${publicUrl?.replace(/\/+$/, "") ?? ""}${path}` };
}
