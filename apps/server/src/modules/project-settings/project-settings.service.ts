import {
  CAPABILITIES,
  CONFIGURABLE_ROLES,
  DEFAULT_WORKING_DAYS,
  parseProjectSetting,
  PROJECT_SETTINGS,
  type CapabilitiesValue,
  type ParsedProjectSetting,
  type ProjectCapabilities,
  type ProjectSettings,
  type SaveProjectSettingsBody,
  zWorkingDays,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { recordEvent, transact } from "../../events/record-event.js";
import { capabilitiesFor, flagSetting, type ProjectAccessService } from "../projects/project-access.js";
import { projectPolicy } from "../projects/projects.policy.js";
import { mergeGitBit, presentGitBit } from "../integrations/code-hosting.setting.js";
import { checkChatSettingInput, mergeChatSetting, presentChatSetting } from "../integrations/chat-setting.js";
import { projectSettingsRepository } from "./project-settings.repository.js";

const MANAGE_MESSAGE = say("project_settings.who_may_change_settings");

/**
 * The capabilities the project applies, read exactly as access checks read them (`capabilitiesFor` of
 * project-access.ts), so that the settings screen and every permission decision share one source of truth.
 */
function effectiveCapabilities(savedJson: string | null): ProjectCapabilities {
  return { co_worker: capabilitiesFor("co_worker", savedJson), client: capabilitiesFor("client", savedJson) };
}

/** Applies changes; returns the new set and only the capabilities that really changed, per role. */
function applyCapabilities(current: ProjectCapabilities, changes: CapabilitiesValue): { next: ProjectCapabilities; changed: CapabilitiesValue } {
  const next: ProjectCapabilities = { co_worker: { ...current.co_worker }, client: { ...current.client } };
  const changed: CapabilitiesValue = {};
  for (const role of CONFIGURABLE_ROLES) {
    for (const capability of CAPABILITIES) {
      const value = changes[role]?.[capability];
      if (value === undefined || value === next[role][capability]) continue;
      next[role][capability] = value;
      changed[role] = { ...changed[role], [capability]: value };
    }
  }
  return { next, changed };
}

/** The settings in a body, checked; every bad one is reported at once, each under its field. */
function parseBody(body: SaveProjectSettingsBody): ParsedProjectSetting[] {
  const inputs = "settings" in body ? body.settings : [body];
  const parsed: ParsedProjectSetting[] = [];
  const params: Record<string, string[]> = {};
  for (const input of inputs) {
    const result = parseProjectSetting(input.key, input.value);
    if (result.ok) parsed.push(result.setting);
    else for (const [field, messages] of Object.entries(result.params)) (params[field] ??= []).push(...messages);
  }
  const messages = Object.values(params).flat();
  if (messages.length > 0) throw new AppError("rest_invalid_param", messages[0] ?? say("project_settings.invalid_setting"), { params });
  return parsed;
}

/** The saved `working_days` (JSON text) as the project applies them: every day when never saved or unreadable. */
export function workingDaysSetting(savedJson: string | null): number[] {
  if (!savedJson) return [...DEFAULT_WORKING_DAYS];
  try {
    const parsed = zWorkingDays.safeParse(JSON.parse(savedJson));
    if (parsed.success) return parsed.data;
  } catch {
    // A broken setting reads as never saved, like a broken flag.
  }
  return [...DEFAULT_WORKING_DAYS];
}

/** A project's working ISO weekdays, for the modules that count in working days (the Gantt chart). */
export async function findWorkingDays(db: Kysely<Database>, projectId: number): Promise<number[]> {
  return workingDaysSetting((await projectSettingsRepository(db).findValues(projectId)).get("working_days") ?? null);
}

/** A project's settings: read and written by its managers and site managers, each change with its activity. */
export function projectSettingsService(ctx: AppContext, access: ProjectAccessService) {
  const settings = projectSettingsRepository(ctx.db);

  async function requireManager(actor: Actor, projectId: number): Promise<void> {
    const projectAccess = await access.requireAccess(actor, projectId);
    if (!projectPolicy.canManageSettings(projectAccess)) throw forbidden(MANAGE_MESSAGE);
  }

  async function readSettings(projectId: number): Promise<ProjectSettings> {
    const saved = await settings.findValues(projectId);
    return {
      capabilities: effectiveCapabilities(saved.get("capabilities") ?? null),
      assignees_can_edit: flagSetting(saved.get("assignees_can_edit") ?? null, PROJECT_SETTINGS.assignees_can_edit.default),
      working_days: workingDaysSetting(saved.get("working_days") ?? null),
      git_bit: presentGitBit(saved),
      slack: presentChatSetting(saved),
    };
  }

  return {
    async getSettings(actor: Actor, projectId: number): Promise<ProjectSettings> {
      await requireManager(actor, projectId);
      return readSettings(projectId);
    },

    /**
     * Saves the given settings. Capabilities are merged onto what the project applies now, and stored whole,
     * so the saved row always reads the same as the screen shows it. Takes effect on the next request.
     */
    async saveSettings(actor: Actor, projectId: number, body: SaveProjectSettingsBody): Promise<ProjectSettings> {
      await requireManager(actor, projectId);
      const parsed = parseBody(body);
      // A webhook's address is resolved and checked before the transaction opens (it takes a moment).
      for (const setting of parsed) if (setting.key === "slack") await checkChatSettingInput(setting.value, ctx.config);
      await transact(ctx, async (trx) => {
        const repo = projectSettingsRepository(trx);
        const saved = await repo.findValues(projectId);
        const now = nowUtc();
        for (const setting of parsed) {
          // Each key merges its own way; a key added to PROJECT_SETTINGS (and ParsedProjectSetting) adds its case here.
          if (setting.key === "assignees_can_edit") {
            const before = flagSetting(saved.get(setting.key) ?? null, PROJECT_SETTINGS.assignees_can_edit.default);
            saved.set(setting.key, JSON.stringify(setting.value));
            if (before === setting.value) continue;
            await repo.saveValue(projectId, setting.key, JSON.stringify(setting.value), now);
            await recordEvent(trx, actor, { name: "project_settings.updated", payload: { projectId, key: setting.key, changes: { from: before, to: setting.value } } });
            continue;
          }
          if (setting.key === "working_days") {
            const before = workingDaysSetting(saved.get(setting.key) ?? null);
            saved.set(setting.key, JSON.stringify(setting.value));
            if (before.join(",") === setting.value.join(",")) continue;
            await repo.saveValue(projectId, setting.key, JSON.stringify(setting.value), now);
            await recordEvent(trx, actor, { name: "project_settings.updated", payload: { projectId, key: setting.key, changes: { from: before, to: setting.value } } });
            continue;
          }
          if (setting.key === "slack") {
            // The chat integration's value, merged field by field (integrations/chat-setting.ts); the
            // activity tells whether the webhook's address changed, never the address.
            const { json, changes } = mergeChatSetting(saved, setting.value);
            if (json === null || changes === null) continue;
            saved.set(setting.key, json);
            await repo.saveValue(projectId, setting.key, json, now);
            await recordEvent(trx, actor, { name: "project_settings.updated", payload: { projectId, key: setting.key, changes } });
            continue;
          }
          if (setting.key === "git_bit") {
            // The code-hosting integration keeps its secret and a server-made token in rows of their own:
            // the integrations module says what a change writes (integrations/code-hosting.setting.ts).
            const { rows, changes } = mergeGitBit(saved, setting.value);
            for (const [key, json] of rows) {
              saved.set(key, json);
              await repo.saveValue(projectId, key, json, now);
            }
            if (changes) await recordEvent(trx, actor, { name: "project_settings.updated", payload: { projectId, key: setting.key, changes } });
            continue;
          }
          const { next, changed } = applyCapabilities(effectiveCapabilities(saved.get(setting.key) ?? null), setting.value);
          const json = JSON.stringify(next);
          saved.set(setting.key, json);
          if (Object.keys(changed).length === 0) continue;
          await repo.saveValue(projectId, setting.key, json, now);
          await recordEvent(trx, actor, { name: "project_settings.updated", payload: { projectId, key: setting.key, changes: changed } });
        }
      });
      return readSettings(projectId);
    },
  };
}

export type ProjectSettingsService = ReturnType<typeof projectSettingsService>;
