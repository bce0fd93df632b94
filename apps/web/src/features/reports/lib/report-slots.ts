import type { ComponentType } from "react";

/** The named places of the reports where extensions draw: the documents' slot below the landing cards. */
export const REPORT_SLOTS = ["after-task-report-contenet"] as const;
export type ReportSlotName = (typeof REPORT_SLOTS)[number];

const extensions = new Map<ReportSlotName, Array<{ key: string; component: ComponentType }>>();

/**
 * Adds a component to a named slot of the reports (a module's own report card, say). Registering the same
 * key again replaces it, so a module reloaded by the dev server does not draw twice.
 */
export function registerReportExtension(slot: ReportSlotName, key: string, component: ComponentType): void {
  const list = (extensions.get(slot) ?? []).filter((entry) => entry.key !== key);
  extensions.set(slot, [...list, { key, component }]);
}

/** The components registered in a slot, in the order they came. */
export function reportExtensions(slot: ReportSlotName): ReadonlyArray<{ key: string; component: ComponentType }> {
  return extensions.get(slot) ?? [];
}
