import { MENU_ORDER } from "@plotline/contracts";
import { defineModule } from "../module.js";
import { attachmentsRoutes } from "./attachments.routes.js";
import { attachmentsService, type AttachmentsService } from "./attachments.service.js";
import { filesProjectCounts } from "./files.counts.js";
import { filesRoutes } from "./files.routes.js";
import { filesService, type FilesService } from "./files.service.js";

declare module "../../services.js" {
  interface Services {
    /** Files attached to tasks, lists, discussions and comments: every record module files uploads here. */
    attachments: AttachmentsService;
    files: FilesService;
  }
}

/** Files: a project's files area (folders, uploads, docs, links) and the attachments of other records. */
export const filesModule = defineModule({
  name: "files",
  i18n: "files",
  switch: "files",
  routes: [filesRoutes],
  // Attachments of discussions, tasks and comments download with the files module off too.
  alwaysOnRoutes: [attachmentsRoutes],
  services: (ctx, s) => {
    const attachments = attachmentsService(ctx, s.access, ctx.storage);
    return { attachments, files: filesService(ctx, s.access, ctx.storage, attachments, s.trash) };
  },
  projectCounts: (ctx) => filesProjectCounts(ctx.db),
  menu: [{ module: "files", area: "project", label: "menu.files", order: MENU_ORDER.files, route: "pm_files", audience: "everyone" }],
});
