import "@mantine/dates/styles.css";
import { DatePicker } from "@mantine/dates";
import type { ComponentProps } from "react";

/** Mantine's inline `DatePicker` with its styles: the module `LazyDatePicker` loads on first use. */
export function DatePickerPanel(props: ComponentProps<typeof DatePicker>) {
  return <DatePicker {...props} />;
}
