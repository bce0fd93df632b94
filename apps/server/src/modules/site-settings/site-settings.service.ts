import {
  parseSiteSetting,
  SITE_SETTING_KEYS,
  SITE_SETTINGS,
  type ProjectCreateCapability,
  type SiteSettingInput,
  type SiteSettingKey,
  type SiteSettings,
  type SiteSettingsEnvelope,
} from "@plotline/contracts";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, forbidden, invalidField, say } from "../../lib/app-error.js";
import { nowUtc } from "../../lib/dates.js";
import { createStorage, type Storage } from "../../storage/storage.js";
import { findPage } from "../pages/page-lookup.service.js";
import { presentPage } from "../pages/pages.presenter.js";
import { readCache } from "../../shared/read-cache.js";
import { prepareLogo } from "./site-settings.logo.js";
import { siteSettingsPolicy } from "./site-settings.policy.js";
import { siteSettingsRepository, type SiteFileRow } from "./site-settings.repository.js";
import { presentSiteFile } from "./site-settings.presenter.js";

export type { ProjectCreateCapability };

/** A stored value read through its key's schema; a value that no longer parses falls back to the default. */
function readValue<K extends SiteSettingKey>(key: K, stored: unknown): SiteSettings[K] {
  if (stored === undefined) return SITE_SETTINGS[key].default as SiteSettings[K];
  const parsed = SITE_SETTINGS[key].schema.safeParse(stored);
  return (parsed.success ? parsed.data : SITE_SETTINGS[key].default) as SiteSettings[K];
}

/** Site-wide settings: the table of known keys in contracts' SITE_SETTINGS, their defaults and who writes them. */
export function siteSettingsService(ctx: AppContext, storage: Storage = createStorage(ctx.config)) {
  const repository = siteSettingsRepository(ctx.db);
  // The stored values, read by many requests (who may create projects, say) and written rarely.
  const storedValues = readCache<{ values: Awaited<ReturnType<typeof repository.listValues>> }>(ctx.tables, { dependsOn: ["settings"], maxWeight: 1 });
  const stored = async () => (await storedValues.get("all", async () => ({ values: await repository.listValues() }))).values;

  async function all(): Promise<SiteSettings> {
    const values = await stored();
    return Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, readValue(key, values[key])])) as SiteSettings;
  }

  /** The values with the records they point at. */
  async function present(settings: SiteSettings): Promise<Omit<SiteSettingsEnvelope, "message">> {
    const [logo, page] = await Promise.all([
      settings.logo > 0 ? repository.findFile(settings.logo) : undefined,
      settings.front_end_page > 0 ? findPage(ctx.db, settings.front_end_page) : undefined,
    ]);
    return {
      data: { ...settings, logo: logo ? settings.logo : 0, front_end_page: page ? settings.front_end_page : 0 },
      meta: { logo: logo ? presentSiteFile(logo) : null, front_end_page: page ? presentPage(page) : null },
    };
  }

  /** Removes a site file's row and then its bytes (a blob left behind is only wasted space). */
  async function removeFile(row: SiteFileRow | undefined): Promise<void> {
    if (!row) return;
    await repository.deleteFile(row.id);
    await Promise.allSettled([row.storage_key, row.thumb_key].filter((key): key is string => key !== null).map((key) => storage.delete(key)));
  }

  return {
    storage,

    /** Every setting, saved or default. */
    all,

    /** One setting, saved or default. */
    async value<K extends SiteSettingKey>(key: K): Promise<SiteSettings[K]> {
      return readValue(key, (await stored())[key]);
    },

    async projectCreateCapability(): Promise<ProjectCreateCapability> {
      return readValue("project_create_capability", (await stored()).project_create_capability);
    },

    /** Whether the actor may create (and so duplicate) projects. */
    async canCreateProjects(actor: Actor): Promise<boolean> {
      return actor.isSiteManager || (await this.projectCreateCapability()) === "everyone";
    },

    /** What a signed-in user may read: every known setting is readable by every signed-in user (see README). */
    async read(actor: Actor): Promise<Omit<SiteSettingsEnvelope, "message">> {
      if (!siteSettingsPolicy.canRead(actor)) throw forbidden();
      return present(await all());
    },

    /**
     * Saves one or more settings (site managers). Every value is checked first, so a bad one writes nothing;
     * a page or logo must exist (0 = none). A logo replaced or cleared is deleted.
     */
    async write(actor: Actor, inputs: readonly SiteSettingInput[]): Promise<Omit<SiteSettingsEnvelope, "message">> {
      if (!siteSettingsPolicy.canWrite(actor)) throw forbidden(say("site_settings.who_may_change_site_settings"));
      const changes = new Map<SiteSettingKey, SiteSettings[SiteSettingKey]>();
      const problems: Record<string, string[]> = {};
      for (const input of inputs) {
        const parsed = parseSiteSetting(input.key, input.value);
        if (!parsed.ok) (problems[input.key] ??= []).push(parsed.message);
        else changes.set(parsed.key, parsed.value);
      }
      const pageId = changes.get("front_end_page");
      if (typeof pageId === "number" && pageId > 0 && !(await findPage(ctx.db, pageId))) {
        (problems.front_end_page ??= []).push("front_end_page must be the id of an existing page, or 0 for none");
      }
      const current = await all();
      const logoId = changes.get("logo");
      if (typeof logoId === "number" && logoId > 0 && logoId !== current.logo) {
        // Only the current logo may be re-saved; a new one arrives through the logo upload.
        (problems.logo ??= []).push("logo must be the id of the current logo, or 0 for none; upload a new logo through the logo upload");
      }
      const fields = Object.keys(problems);
      if (fields.length > 0) {
        const messages = Object.values(problems).flat();
        throw new AppError("rest_invalid_param", messages[0] ?? say("site_settings.invalid_settings"), { params: problems });
      }
      const at = nowUtc();
      await ctx.db.transaction().execute(async (trx) => {
        const repo = siteSettingsRepository(trx);
        for (const [key, value] of changes) await repo.saveValue(key, value, at);
      });
      if (logoId !== undefined && logoId !== current.logo && current.logo > 0) await removeFile(await repository.findFile(current.logo));
      return present(await all());
    },

    /**
     * Stores an uploaded image as the site logo (site managers): PNG, JPEG, GIF, WebP or a safe SVG of at
     * most 5 MB, checked by content with the files module's upload safety. The previous logo is deleted.
     */
    async uploadLogo(actor: Actor, uploads: ReadonlyArray<{ filename: string; bytes: Buffer }>): Promise<Omit<SiteSettingsEnvelope, "message">> {
      if (!siteSettingsPolicy.canWrite(actor)) throw forbidden(say("site_settings.who_may_change_site_settings"));
      if (uploads.length !== 1 || !uploads[0]) throw invalidField("file", say("site_settings.choose_one_image_upload_as_logo"));
      const prepared = await prepareLogo(uploads[0]);
      const stored: string[] = [];
      const previous = await all();
      let row: SiteFileRow;
      try {
        await storage.put(prepared.key, prepared.bytes, prepared.mime);
        stored.push(prepared.key);
        if (prepared.thumb && prepared.thumbKey) {
          await storage.put(prepared.thumbKey, prepared.thumb, "image/webp");
          stored.push(prepared.thumbKey);
        }
        const at = nowUtc();
        row = await ctx.db.transaction().execute(async (trx) => {
          const repo = siteSettingsRepository(trx);
          const created = await repo.insertFile({
            original_name: prepared.name, mime_type: prepared.mime, size_bytes: prepared.bytes.length,
            storage_key: prepared.key, thumb_key: prepared.thumbKey, created_by: actor.id, created_at: at,
          });
          await repo.saveValue("logo", created.id, at);
          return created;
        });
      } catch (error) {
        await Promise.allSettled(stored.map((key) => storage.delete(key)));
        throw error;
      }
      if (previous.logo > 0 && previous.logo !== row.id) await removeFile(await repository.findFile(previous.logo));
      return present(await all());
    },

    /** A site file for streaming (every signed-in user: site files are the logo shown to everyone). */
    async findFile(id: number): Promise<SiteFileRow | undefined> {
      return repository.findFile(id);
    },

    /** Saves a value without checks or permissions; for tests and scripts that set the site up. */
    async save(key: string, value: unknown): Promise<void> {
      await repository.saveValue(key, value, nowUtc());
    },
  };
}

export type SiteSettingsService = ReturnType<typeof siteSettingsService>;

// The front-end page setting as the pages module needs it; it never imports the site-settings repository.

/** The id of the page served without admin chrome, or 0 when none is chosen. */
export async function findFrontEndPageId(db: Kysely<Database>): Promise<number> {
  const id = Number(await siteSettingsRepository(db).findValue("front_end_page"));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** Sets the front-end page back to none when it is `pageId` (the page is being deleted, in `db`'s transaction). */
export async function clearFrontEndPageIf(db: Kysely<Database>, pageId: number): Promise<void> {
  const settings = siteSettingsRepository(db);
  if (Number(await settings.findValue("front_end_page")) === pageId) await settings.saveValue("front_end_page", 0, nowUtc());
}
