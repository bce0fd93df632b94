import { createRequire } from "node:module";
import { FONT_FAMILY, ROBOTO_FILES } from "./pdf-fonts.js";

/**
 * pdfmake, set up once per thread for documents built from data the server does not control (task titles):
 * Roboto only, no URL fetched and no other local file read, whatever the content says.
 */

const require = createRequire(import.meta.url);
// pdfmake's Node entry exports an instance whose methods live on its prototype, which an ESM import of the
// CommonJS module cannot list as named exports: load it with require and keep the published types.
const pdfmake = require("pdfmake") as typeof import("pdfmake");

const FONT_PATHS = new Set<string>(Object.values(ROBOTO_FILES));

let configured = false;

/** The configured pdfmake instance. Meant for worker threads: pdfmake lays out synchronously. */
export function lockedPdfMake(): typeof import("pdfmake") {
  if (!configured) {
    pdfmake.setFonts({ [FONT_FAMILY]: { ...ROBOTO_FILES } });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => FONT_PATHS.has(path));
    configured = true;
  }
  return pdfmake;
}
