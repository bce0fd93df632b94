import { reportExtensions, type ReportSlotName } from "../lib/report-slots.js";

/** A named slot: draws what extensions registered there (nothing by default). */
export function ReportExtensionSlot({ name }: { name: ReportSlotName }) {
  const entries = reportExtensions(name);
  if (entries.length === 0) return null;
  return (
    <div data-slot={name}>
      {entries.map(({ key, component: Extension }) => (
        <Extension key={key} />
      ))}
    </div>
  );
}
