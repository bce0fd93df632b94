import type { ParseKeys } from "i18next";

/**
 * Any key of the English catalogue (`"tasks.title_label"`, ...). Tables of labels type their keys with
 * it so a misspelt key fails to compile where the table is written, not where it is read.
 */
export type TranslationKey = ParseKeys;
