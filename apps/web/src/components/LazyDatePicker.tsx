import { Skeleton } from "@mantine/core";
import type { DatePicker as MantineDatePicker } from "@mantine/dates";
import { lazy, Suspense, type ComponentProps } from "react";

// The dates package (and its styles) is a tenth of a page's code: a picker that only shows once a popover
// opens loads it then.
const LoadedPicker = lazy(() => import("./DatePickerPanel.js").then((module) => ({ default: module.DatePickerPanel })));

/** A month's calendar (about 252 by 292 pixels): the placeholder's size, so the popover does not jump. */
const PICKER_SIZE = { width: 252, height: 292 };

/** Mantine's inline `DatePicker`, fetched on first use; a block of its size holds the place meanwhile. */
export function LazyDatePicker(props: ComponentProps<typeof MantineDatePicker>) {
  return (
    <Suspense fallback={<Skeleton {...PICKER_SIZE} radius="sm" aria-label={props["aria-label"]} />}>
      <LoadedPicker {...props} />
    </Suspense>
  );
}
