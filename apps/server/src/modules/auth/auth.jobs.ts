import type { JobSource } from "../../jobs/job-runner.js";
import type { Services } from "../../services.js";

declare module "../../jobs/job-runner.js" {
  interface JobMap {
    /** Deletes the sessions that have expired. */
    "auth.prune-sessions": Record<string, never>;
  }
}

/** Auth's background work, spread into its module entry: expired sessions are deleted every hour, by one process of all. */
export const authJobs: JobSource<Services> = {
  jobs: (services) => ({ "auth.prune-sessions": () => services.auth.pruneSessions() }),
  schedules: [{ name: "auth.prune-sessions", cron: "0 * * * *" }],
};
