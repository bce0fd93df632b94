import type { Catalogue } from "./en.js";

/**
 * Types `t("...")` against the English catalogue, so a misspelt or removed key is a compile error
 * everywhere a string is read.
 */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Catalogue };
    returnNull: false;
  }
}
