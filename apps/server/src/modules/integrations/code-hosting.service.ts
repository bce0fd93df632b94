import {
  CODE_HOSTING_PROVIDERS,
  USERS_MAP_KEY,
  type CodeHostingProvider,
  type GitBitIntegration,
  type ProjectIntegrations,
  type SaveUsersMapBody,
  type UsersMap,
} from "@plotline/contracts";
import type { AppContext } from "../../context.js";
import { recordEvent, transact } from "../../events/record-event.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, say, type Said } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import type { ProjectAccessService } from "../projects/project-access.js";
import { projectPolicy } from "../projects/projects.policy.js";
import type { ProjectSettingsService } from "../project-settings/project-settings.service.js";
import { SERVICE_NAMES } from "./code-hosting-events.js";
import { presentGitBitIntegration, presentIntegrationUser, presentUsersMap } from "./code-hosting.presenter.js";
import { codeHostingRepository, isUniqueViolation, type UsernameChange } from "./code-hosting.repository.js";
import { GIT_BIT_HASH_KEY, GIT_BIT_KEY, newWebhookToken, presentGitBit } from "./code-hosting.setting.js";

/** Keys one save may name: two services for each of a few hundred members. */
const MAX_MAP_ENTRIES = 1000;

/** A change of the map with the field it was sent in, for the messages. */
type SentChange = UsernameChange & { field: string };

/**
 * The code-hosting integration as its managers see it: the Integrations tab's data, the user map and the
 * incoming address's token. Site managers and the project's managers only; everyone else gets 403 and
 * never the token or the secret.
 */
export function codeHostingService(ctx: AppContext, access: ProjectAccessService, projectSettings: ProjectSettingsService) {
  const repo = codeHostingRepository(ctx.db);

  async function requireManager(actor: Actor, projectId: number): Promise<void> {
    const projectAccess = await access.requireAccess(actor, projectId);
    if (!projectPolicy.canManageSettings(projectAccess)) throw forbidden(say("integrations.who_may_manage_integrations"));
  }

  /** The sent keys as changes, each checked; every bad key is reported at once under its field. */
  async function readChanges(projectId: number, users: SaveUsersMapBody["users"]): Promise<SentChange[]> {
    const entries = Object.entries(users);
    if (entries.length > MAX_MAP_ENTRIES) throw new AppError("rest_invalid_param", `users must have at most ${MAX_MAP_ENTRIES} entries`, { params: { users: [`users must have at most ${MAX_MAP_ENTRIES} entries`] } });
    const members = new Set((await repo.findMembers(projectId)).map((member) => member.id));
    const params: Record<string, Said[]> = {};
    const changes: SentChange[] = [];
    for (const [key, username] of entries) {
      const field = `users.${key}`;
      const match = USERS_MAP_KEY.exec(key);
      if (!match) {
        params[field] = [say("integrations.users_map_key_not_valid", { key })];
        continue;
      }
      const userId = Number(match[2]);
      if (!members.has(userId)) {
        params[field] = [say("integrations.users_map_not_member", { user_id: userId })];
        continue;
      }
      changes.push({ userId, provider: match[1] as CodeHostingProvider, username: username === "" ? null : username, field });
    }
    for (const provider of CODE_HOSTING_PROVIDERS) await checkNames(projectId, provider, changes.filter((change) => change.provider === provider), params);
    const [first] = Object.values(params).flat();
    if (first) throw new AppError("rest_invalid_param", first, { params });
    return changes;
  }

  /** One username is one member per service: neither twice in the save, nor taken by a member the save leaves as is. */
  async function checkNames(projectId: number, provider: CodeHostingProvider, changes: readonly SentChange[], params: Record<string, Said[]>): Promise<void> {
    const service = SERVICE_NAMES[provider];
    const byName = new Map<string, SentChange[]>();
    for (const change of changes) if (change.username !== null) byName.set(change.username.toLowerCase(), [...(byName.get(change.username.toLowerCase()) ?? []), change]);
    for (const same of byName.values()) {
      if (same.length < 2) continue;
      for (const change of same) params[change.field] = [say("integrations.username_mapped_twice", { username: change.username ?? "", service })];
    }
    const changing = new Set(changes.map((change) => change.userId));
    const holders = await repo.findUsernameHolders(projectId, provider, [...byName.keys()]);
    for (const holder of holders) {
      if (changing.has(holder.user_id)) continue;
      for (const change of byName.get(holder.username_key) ?? []) {
        params[change.field] ??= [say("integrations.username_taken", { username: change.username ?? "", service })];
      }
    }
  }

  async function gitBitOf(projectId: number): Promise<GitBitIntegration> {
    const saved = await repo.findSettings(projectId, [GIT_BIT_KEY, GIT_BIT_HASH_KEY]);
    return presentGitBitIntegration(presentGitBit(saved), projectId, ctx.config.publicUrl);
  }

  return {
    /** Everything the Integrations tab shows, in one call. */
    async getIntegrations(actor: Actor, projectId: number): Promise<ProjectIntegrations> {
      await requireManager(actor, projectId);
      const [settings, members, names] = await Promise.all([
        projectSettings.getSettings(actor, projectId),
        repo.findMembers(projectId),
        repo.findUsernames(projectId),
      ]);
      return {
        slack: settings.slack,
        git_bit: presentGitBitIntegration(settings.git_bit, projectId, ctx.config.publicUrl),
        users_map: presentUsersMap(names),
        users: members.map(presentIntegrationUser),
      };
    },

    /** Saves the usernames sent (`""` removes one); answers the project's whole map. */
    async saveUsersMap(actor: Actor, body: SaveUsersMapBody): Promise<UsersMap> {
      await requireManager(actor, body.project_id);
      const changes = await readChanges(body.project_id, body.users);
      try {
        await transact(ctx, (trx) => codeHostingRepository(trx).saveUsernames(body.project_id, changes, nowUtc()));
      } catch (error) {
        // Two saves at the same moment giving one name to two members: the unique index keeps one.
        if (isUniqueViolation(error)) throw new AppError("conflict", say("integrations.users_map_changed_meanwhile"));
        throw error;
      }
      return presentUsersMap(await repo.findUsernames(body.project_id));
    },

    /** A new token for the incoming address: the old address stops working at once. */
    async regenerateToken(actor: Actor, projectId: number): Promise<GitBitIntegration> {
      await requireManager(actor, projectId);
      await transact(ctx, async (trx) => {
        await codeHostingRepository(trx).saveSetting(projectId, GIT_BIT_HASH_KEY, JSON.stringify(newWebhookToken()), nowUtc());
        await recordEvent(trx, actor, { name: "project_settings.updated", payload: { projectId, key: GIT_BIT_KEY, changes: { new_token: { from: false, to: true } } } });
      });
      return gitBitOf(projectId);
    },
  };
}

export type CodeHostingService = ReturnType<typeof codeHostingService>;
