import type { MenuEntry, ModuleKey } from "@plotline/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.js";
import type { EngineMigration } from "../db/migration.js";
import type { EventSubscribers } from "../events/event-subscribers.js";
import type { JobHandler, JobHandlers, JobInfo, ScheduleSpec } from "../jobs/job-runner.js";
import type { SecretBox } from "../lib/secret-box.js";
import type { Services } from "../services.js";
import type { SharedState } from "../shared/shared-state.js";
import type { Storage } from "../storage/storage.js";
import type { PrivacyView } from "./privacy/privacy.rules.js";

/** What a module's service factory is built from, besides the services of the modules before it. */
export interface ModuleContext extends AppContext {
  /** State shared with the other API processes (counters, cache notices). */
  shared: SharedState;
  /** Where uploaded files live: local disk or S3-compatible storage. */
  storage: Storage;
  /** Every module mounted, in the registry's order. */
  modules: readonly ModuleDefinition[];
  /** Seals and opens stored credentials (`lib/secret-box.ts`). */
  secrets: SecretBox;
}

/**
 * One module, declared in one entry file (`<noun>.module.ts`) and listed once in `registry.ts`. Everything
 * a module adds to the app is here, so that no central file has to know it: its routes, its services, its
 * migrations, its menu entries, the counts it adds to a project, what it does when something happens
 * (event subscribers) and its background jobs. Its table types live next to it (`<noun>.tables.ts`) and
 * join Kysely's `Database` by interface merging, as its services join `Services`.
 */
export interface ModuleDefinition {
  /** The folder's name, unique: shown in start-up errors and in the docs. */
  name: string;
  /** The modules-list switch that turns this module's routes and menu off; `core` is never off. */
  switch: ModuleKey;
  /** Route plugins, mounted under `/api`. */
  routes?: readonly FastifyPluginAsyncZod[];
  /** Routes that answer even while the module is switched off (such as downloads of attachments). */
  alwaysOnRoutes?: readonly FastifyPluginAsyncZod[];
  /**
   * Builds this module's services from the context and the services of the modules listed before it in the
   * registry (reading a later module's service throws at start-up, naming both).
   */
  services?: (ctx: ModuleContext, services: Services) => Partial<Services>;
  /**
   * Migrations, by name. Names sort in the order they run across every module, so a new module names
   * them `YYYYMMDDHHMM-<module>-<what>`; never rename or edit one that shipped.
   */
  migrations?: Readonly<Record<string, EngineMigration>>;
  /** Entries this module adds to the site menu or to a project's menu. */
  menu?: readonly MenuEntry[];
  /**
   * What this module does after a change commits, by domain event (see events/). Handlers run after the
   * change's transaction and at least once: they must be idempotent (each gets the event's id).
   */
  subscribers?: (ctx: ModuleContext, services: Services) => EventSubscribers;
  /** Background jobs this module runs, by name (see jobs/): mail, deliveries, clean-ups. */
  jobs?: (services: Services) => JobHandlers;
  /** Recurring jobs: each enqueues its job at every tick of its cron pattern, once across all processes. */
  schedules?: readonly ScheduleSpec[];
  /** Counts this module adds to each project's `meta` (the project overview). */
  projectCounts?: (ctx: ModuleContext, services: Services) => ProjectCountsProvider;
  /**
   * The area of contracts' `MESSAGES` (keys `<area>.<name>`) that holds this module's server messages,
   * which the web translates by key; one module owns each area.
   */
  i18n?: string;
}

/**
 * Counts a module adds to projects, summed for one reader: `count` is run once for a page of projects,
 * `visible` once per project and reader, so the raw rows may carry what privacy needs. Fields two modules
 * both fill (comments on files add to `total_comments`) are added up.
 */
export interface ProjectCountsProvider<Row extends { project_id: number } = { project_id: number }> {
  /** The `meta` fields this provider fills, each starting at 0. */
  fields: readonly string[];
  /** The raw counts of these projects. */
  count(projectIds: readonly number[]): Promise<Row[]>;
  /**
   * What a reader with this privacy view may see of the rows, by field: the same for every reader with the
   * same view, so a project's counts are worked out once per view.
   */
  visible(rows: readonly Row[], view: PrivacyView): Record<string, number>;
}

/**
 * The module as the job runner should see it: a Pro module's job handlers do nothing while the module is
 * switched off in the modules list (its schedules keep ticking, so switching it on resumes them).
 */
export function withJobsWhileOn(module: ModuleDefinition): ModuleDefinition {
  const { jobs } = module;
  if (module.switch === "core" || !jobs) return module;
  return {
    ...module,
    jobs: (services) => {
      const handlers = jobs(services) as unknown as Record<string, JobHandler<unknown> | undefined>;
      const guarded = Object.entries(handlers).map(([name, handler]) => [
        name,
        async (payload: unknown, job: JobInfo) => {
          if (handler && (await services.moduleStates.isActive(module.switch))) await handler(payload, job);
        },
      ]);
      return Object.fromEntries(guarded) as JobHandlers;
    },
  };
}

/**
 * The counts provider of a kind of record counted in one field: the raw rows carry each group's privacy
 * flags and count, and a reader is given the sum of the groups the privacy rule `canSee` lets them see.
 */
export function visibleRecordCounts<Row extends { project_id: number; count: number }>(
  field: string,
  count: (projectIds: readonly number[]) => Promise<Row[]>,
  canSee: (view: PrivacyView, row: Row) => boolean,
): ProjectCountsProvider<Row> {
  return {
    fields: [field],
    count,
    visible(rows, view) {
      return { [field]: rows.reduce((sum, row) => (canSee(view, row) ? sum + row.count : sum), 0) };
    },
  };
}

/** Declares a module; the identity function that gives the entry its type. */
export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  return definition;
}
