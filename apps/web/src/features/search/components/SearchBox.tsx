import { Combobox, Group, Loader, ScrollArea, Text, TextInput, useCombobox } from "@mantine/core";
import { SEARCH_LIMITS, type SearchResult } from "@plotline/contracts";
import { useViewportSize } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState, type FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ErrorState } from "../../../components/ErrorState.js";
import { useSearch, useSearchText, type SearchScope } from "../hooks/use-search.js";
import { useListViewTypes } from "../../kanboard/hooks/use-kanboard-view.js";
import { searchResultPath } from "../lib/result-path.js";
import { SearchResultItem } from "./SearchResultItem.js";

/** Tallest the result panel grows before it scrolls (the documents' 300 px). */
const PANEL_MAX_HEIGHT = 300;

const keyOf = (result: SearchResult) => `${result.type}:${result.id}`;

/** The value of the panel's last entry, which loads the next page of results. */
const MORE = "more";

export interface SearchBoxProps {
  scope: SearchScope;
  /** What is typed. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  /** The documents' empty text of this box. */
  emptyText: string;
  /** Input width. */
  w?: string | number | Record<string, string | number>;
  /** Dropdown width in px (the input's own width when not given). */
  panelWidth?: number;
}

/**
 * A search box with its result panel: it opens as one types, shows a spinner while a search runs, keeps
 * the last results while the next load, and closes on Escape, on leaving the box or on choosing a result.
 * The first result is highlighted as soon as the results are in (the list-autocomplete pattern, so the
 * input's aria-activedescendant names it), arrow keys move the highlight and Enter opens the highlighted
 * one. A page holds 20 results; the last entry shows how many there are and loads the next 20.
 */
export function SearchBox({ scope, value, onChange, label, placeholder, emptyText, w, panelWidth }: SearchBoxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { width: viewportWidth } = useViewportSize();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const panelRef = useRef<HTMLDivElement>(null);
  // Leaving the box for the results panel (to scroll it) keeps the panel open; leaving both closes it.
  const closeUnlessInPanel = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && panelRef.current?.contains(next))) combobox.closeDropdown();
  };
  const text = useSearchText(value, scope);
  const search = useSearch(text, scope);
  const typed = value.trim();
  const min = scope.kind === "global" ? SEARCH_LIMITS.globalMinLength : SEARCH_LIMITS.projectMinLength;
  const pages = text ? (search.data?.pages ?? []) : [];
  const results = pages.flatMap((page) => page.data);
  const total = pages[pages.length - 1]?.meta.pagination.total ?? 0;
  // Waiting: for the pause after typing, or for the answer (a further page shows its own spinner).
  const waiting = typed.length >= min && (typed !== text || (search.isFetching && !search.isFetchingNextPage));
  // A task opens over the board where the board is the caller's view of its project, else over the lists.
  const viewTypeOf = useListViewTypes(results.length > 0);
  const paths = new Map(results.map((result) => [keyOf(result), searchResultPath(result, viewTypeOf(result.project_id))]));
  const resultKeys = results.map(keyOf).join(" ");
  const isOpen = combobox.dropdownOpened;
  // The highlighted option's id for aria-activedescendant. Mantine keeps its own only for highlights made
  // with the arrow keys, so the box names both kinds itself.
  const [activeId, setActiveId] = useState<string | null>(null);
  const readActiveId = () => {
    const list = combobox.listId ? document.getElementById(combobox.listId) : null;
    setActiveId(list?.querySelector("[data-combobox-selected]")?.id ?? null);
  };

  // After each keystroke resets the highlight, the results of the settled text get it back on their first
  // entry; never while older results stand in for the next ones, so Enter cannot open a stale hit.
  useEffect(() => {
    if (isOpen && !waiting && resultKeys && combobox.getSelectedOptionIndex() === -1) setActiveId(combobox.selectFirstOption());
  }, [combobox, isOpen, waiting, resultKeys]);

  let body;
  if (typed.length < min) {
    body = <Combobox.Empty>{t("search.min_length", { count: min })}</Combobox.Empty>;
  } else if (search.error && !waiting && !search.isFetchNextPageError) {
    body = <ErrorState error={search.error} onRetry={() => void search.refetch()} />;
  } else if (results.length === 0) {
    body = (
      <Combobox.Empty>
        {waiting ? (
          <Group gap="xs" justify="center">
            <Loader size="xs" />
            <Text size="sm">{t("search.searching")}</Text>
          </Group>
        ) : (
          emptyText
        )}
      </Combobox.Empty>
    );
  } else {
    body = results.map((result) => (
      <Combobox.Option key={keyOf(result)} value={keyOf(result)} className="search-result" aria-label={t("search.result_label", { type: t(`search.types.${result.type}`), title: result.title })}>
        <SearchResultItem result={result} showProject={scope.kind === "global"} />
      </Combobox.Option>
    ));
    // Not while the previous text's results stand in for the next ones.
    if (search.hasNextPage && !search.isPlaceholderData) {
      body.push(
        <Combobox.Option key={MORE} value={MORE} aria-label={t("search.show_more")} disabled={search.isFetchingNextPage}>
          <Group gap="xs" justify="center" wrap="nowrap">
            {search.isFetchingNextPage && <Loader size="xs" />}
            <Text size="sm" c="blue" fw={500}>
              {t("search.show_more")}
            </Text>
            <Text size="xs" c="dimmed">
              {/* The server counts no further than its best 1,000 matches. */}
              {t(total >= SEARCH_LIMITS.maxTotal ? "search.shown_of_many" : "search.shown_of_total", { shown: results.length, total })}
            </Text>
          </Group>
        </Combobox.Option>,
      );
    }
  }

  return (
    <Combobox
      store={combobox}
      withinPortal
      position="bottom-end"
      // Never wider than the screen, less a margin.
      width={panelWidth && viewportWidth > 0 ? Math.min(panelWidth, viewportWidth - 16) : "target"}
      shadow="md"
      onOptionSubmit={(key) => {
        if (key === MORE) {
          void search.fetchNextPage();
          return;
        }
        const path = paths.get(key);
        combobox.closeDropdown();
        // Closing a task opened from here comes back to this page.
        if (path) void navigate(path, { state: { backToPrevious: true } });
      }}
    >
      <Combobox.Target withExpandedAttribute aria-activedescendant={isOpen && activeId ? activeId : undefined}>
        <TextInput
          aria-label={label}
          placeholder={placeholder}
          leftSection={<IconSearch size={16} />}
          rightSection={waiting ? <Loader size={14} role="img" aria-label={t("search.searching")} /> : null}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
            setActiveId(null);
          }}
          onFocus={() => typed && combobox.openDropdown()}
          onClick={() => typed && combobox.openDropdown()}
          onBlur={closeUnlessInPanel}
          // After Mantine has moved the highlight on the key press.
          onKeyUp={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") readActiveId();
          }}
          w={w}
          // Where the `/` shortcut puts the focus (command-palette/lib/page-targets.ts).
          data-shortcut-search
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typed} aria-busy={waiting}>
        {/* The scrollbar shows whenever the results overflow, so it is plain that there are more below. The
            arrow keys move through the results from the box; Tab reaches the panel itself, to scroll it with
            the keyboard. A press on the panel keeps the focus in the box. */}
        <ScrollArea.Autosize
          mah={PANEL_MAX_HEIGHT}
          type="auto"
          scrollbars="y"
          viewportRef={panelRef}
          viewportProps={{
            tabIndex: 0,
            role: "region",
            "aria-label": t("search.results_label"),
            onBlur: closeUnlessInPanel,
            onMouseDown: (event) => event.preventDefault(),
          }}
        >
          <Combobox.Options aria-label={t("search.results_label")}>{body}</Combobox.Options>
        </ScrollArea.Autosize>
      </Combobox.Dropdown>
    </Combobox>
  );
}
