import { Skeleton } from "@mantine/core";
import { lazy, Suspense, type ComponentProps } from "react";
import type { RichTextEditor as Editor } from "./RichTextEditor.js";

// tiptap and ProseMirror are a third of the app's code: they load when a form first shows an editor.
const LoadedEditor = lazy(() => import("./RichTextEditor.js").then((module) => ({ default: module.RichTextEditor })));

/** Toolbar plus borders above the editing area, so the placeholder has the editor's final height. */
const TOOLBAR_HEIGHT = 46;

/**
 * The rich-text field (see RichTextEditor.tsx), fetched on first use; a block of its size holds the
 * place meanwhile, so the form does not jump.
 */
export function RichTextEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<Skeleton height={(props.minHeight ?? 120) + TOOLBAR_HEIGHT} radius="sm" aria-label={props.ariaLabel ?? props.placeholder} />}>
      <LoadedEditor {...props} />
    </Suspense>
  );
}
