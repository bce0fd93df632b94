import "@mantine/tiptap/styles.css";
import { NativeSelect, Paper, Portal, Text, UnstyledButton } from "@mantine/core";
import { RichTextEditor as MantineEditor } from "@mantine/tiptap";
import { Extension } from "@tiptap/core";
import Mention from "@tiptap/extension-mention";
import { FontSize, TextStyle } from "@tiptap/extension-text-style";
import { Plugin } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import type { SuggestionKeyDownProps, SuggestionProps } from "@tiptap/suggestion";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MentionUser } from "./RichTextView.js";


/** The font sizes offered in the toolbar, as the documents list them (10px to 80px). */
const FONT_SIZES = [10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 48, 56, 64, 72, 80] as const;

/** How many people the @ list shows at most. */
const MAX_MENTION_ITEMS = 10;

/**
 * Shows the placeholder on an empty document through Mantine's `.is-editor-empty` style. Written here
 * because the placeholder extension lives in a package the web app does not depend on.
 */
function placeholderExtension(text: () => string) {
  return Extension.create({
    name: "plotlinePlaceholder",
    addProseMirrorPlugins() {
      return [
        new Plugin({
          props: {
            decorations: (state) => {
              const { doc } = state;
              const first = doc.firstChild;
              const isEmpty = doc.childCount === 1 && first !== null && first.isTextblock && first.content.size === 0;
              if (!isEmpty || !first) return null;
              return DecorationSet.create(doc, [
                Decoration.node(0, first.nodeSize, { class: "is-editor-empty", "data-placeholder": text() }),
              ]);
            },
          },
        }),
      ];
    },
  });
}

interface SuggestionState {
  items: MentionUser[];
  selected: number;
  rect: DOMRect | null;
  command: (user: { id: string; label: string }) => void;
}

/** Users whose name contains what was typed after @, at most ten. */
function matchUsers(users: readonly MentionUser[], query: string): MentionUser[] {
  const needle = query.trim().toLowerCase();
  return users.filter((user) => user.display_name.toLowerCase().includes(needle)).slice(0, MAX_MENTION_ITEMS);
}

/**
 * A rich-text field: HTML in, HTML out (an empty document is ""). The toolbar has the usual marks, lists,
 * links and a font-size select; typing @ lists up to ten of `mentionUsers`, and a chosen one becomes
 * `<span data-type="mention" data-id="ID">@Name</span>`.
 */
export function RichTextEditor({
  value,
  onChange,
  placeholder,
  mentionUsers,
  minHeight = 120,
  ariaLabel,
}: {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  mentionUsers?: readonly MentionUser[];
  minHeight?: number;
  /** Accessible name of the editing area; defaults to the placeholder. */
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const usersRef = useRef<readonly MentionUser[]>(mentionUsers ?? []);
  usersRef.current = mentionUsers ?? [];
  const placeholderRef = useRef(placeholder ?? "");
  placeholderRef.current = placeholder ?? "";
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [suggestion, setSuggestion] = useState<SuggestionState | null>(null);
  const suggestionRef = useRef<SuggestionState | null>(null);

  const showSuggestion = (next: SuggestionState | null) => {
    suggestionRef.current = next;
    setSuggestion(next);
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false } }),
      TextStyle,
      FontSize,
      placeholderExtension(() => placeholderRef.current),
      Mention.configure({
        renderText: ({ node }) => `@${String(node.attrs.label ?? node.attrs.id)}`,
        renderHTML: ({ node }) => [
          "span",
          { "data-type": "mention", "data-id": String(node.attrs.id), "data-label": String(node.attrs.label ?? "") },
          `@${String(node.attrs.label ?? node.attrs.id)}`,
        ],
        suggestion: {
          char: "@",
          allow: () => usersRef.current.length > 0,
          items: ({ query }) => matchUsers(usersRef.current, query),
          render: () => ({
            onStart: (props: SuggestionProps<MentionUser, { id: string; label: string }>) =>
              showSuggestion({ items: props.items, selected: 0, rect: props.clientRect?.() ?? null, command: props.command }),
            onUpdate: (props: SuggestionProps<MentionUser, { id: string; label: string }>) =>
              showSuggestion({ items: props.items, selected: 0, rect: props.clientRect?.() ?? null, command: props.command }),
            onExit: () => showSuggestion(null),
            onKeyDown: ({ event }: SuggestionKeyDownProps) => {
              const current = suggestionRef.current;
              if (!current) return false;
              const count = current.items.length;
              if (event.key === "Escape") {
                showSuggestion(null);
                return true;
              }
              if (count === 0) return false;
              if (event.key === "ArrowDown" || event.key === "ArrowUp") {
                const step = event.key === "ArrowDown" ? 1 : count - 1;
                showSuggestion({ ...current, selected: (current.selected + step) % count });
                return true;
              }
              if (event.key === "Enter" || event.key === "Tab") {
                const user = current.items[current.selected];
                if (user) current.command({ id: String(user.id), label: user.display_name });
                return true;
              }
              return false;
            },
          }),
        },
      }),
    ],
    content: value,
    editorProps: { attributes: { "aria-label": ariaLabel ?? placeholder ?? "", "aria-multiline": "true", role: "textbox" } },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? "" : current.getHTML()),
  });

  // Outside changes (a reset after sending, another record opened) replace the document.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const fontSize = useEditorState({
    editor,
    selector: ({ editor: current }) => String(current.getAttributes("textStyle").fontSize ?? ""),
  });

  const setFontSize = (size: string) => {
    if (size) editor.chain().focus().setFontSize(size).run();
    else editor.chain().focus().unsetFontSize().run();
  };

  return (
    <>
      <MantineEditor editor={editor} aria-label={t("editor.label")}>
        <MantineEditor.Toolbar>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H2 />
            <MantineEditor.H3 />
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
            <MantineEditor.Blockquote />
            <MantineEditor.Code />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          <NativeSelect
            size="xs"
            aria-label={t("editor.font_size")}
            value={fontSize ?? ""}
            onChange={(event) => setFontSize(event.currentTarget.value)}
            data={[{ value: "", label: t("editor.default_size") }, ...FONT_SIZES.map((size) => ({ value: `${size}px`, label: `${size}px` }))]}
            w={96}
          />
        </MantineEditor.Toolbar>
        <MantineEditor.Content mih={minHeight} style={{ cursor: "text" }} onClick={() => editor.commands.focus()} />
      </MantineEditor>
      {suggestion && suggestion.rect && (
        <Portal>
          <Paper
            shadow="md"
            withBorder
            p={4}
            role="listbox"
            aria-label={t("editor.mention_list")}
            style={{ position: "fixed", top: suggestion.rect.bottom + 4, left: suggestion.rect.left, zIndex: 1000, minWidth: 200, maxWidth: 280 }}
          >
            {suggestion.items.length === 0 ? (
              <Text size="sm" c="dimmed" px="xs" py={4}>
                {t("editor.mention_empty")}
              </Text>
            ) : (
              suggestion.items.map((user, index) => (
                <UnstyledButton
                  key={user.id}
                  role="option"
                  aria-selected={index === suggestion.selected}
                  display="block"
                  w="100%"
                  px="xs"
                  py={4}
                  bg={index === suggestion.selected ? "var(--plotline-color-highlight)" : undefined}
                  style={{ borderRadius: 4 }}
                  // Keeps the editor's selection, which the command needs to replace the typed @query.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => suggestion.command({ id: String(user.id), label: user.display_name })}
                >
                  <Text size="sm" truncate>
                    {user.display_name}
                  </Text>
                </UnstyledButton>
              ))
            )}
          </Paper>
        </Portal>
      )}
    </>
  );
}

