import { KANBOARD_MAX_PAGE_SIZE, KANBOARD_PAGE_SIZE, type KanboardTaskPage, type Task } from "@plotline/contracts";

/**
 * Pure edits of one column's loaded cards, as the web caches them: the pages the column's infinite query
 * fetched. The loaded cards are always the top of the column as the server orders it (a prefix), so the
 * next page to ask for is worked out from how many are loaded, and an optimistic move keeps the prefix.
 */

/** What one request for a column's cards asks: page `page` of pages of `per_page` cards. */
export interface ColumnPageParam {
  page: number;
  per_page: number;
}

/** The pages of a column in the cache (TanStack's `InfiniteData`). */
export interface ColumnPages {
  pages: KanboardTaskPage[];
  pageParams: ColumnPageParam[];
}

/** The first request of a column. */
export const FIRST_COLUMN_PAGE: ColumnPageParam = { page: 1, per_page: KANBOARD_PAGE_SIZE };

/**
 * The loaded cards in board order, each once. Pages fetched after cards moved may repeat a card of the page
 * before (the server's pages are offsets, and the column shifted meanwhile): the first copy wins.
 */
export function cardsOf(pages: readonly KanboardTaskPage[]): Task[] {
  const seen = new Set<number>();
  const cards: Task[] = [];
  for (const page of pages) {
    for (const task of page.data) {
      if (seen.has(task.id)) continue;
      seen.add(task.id);
      cards.push(task);
    }
  }
  return cards;
}

/** How many cards the column holds on the server that the caller sees, as the last page said (kept up to date by the edits below). */
export function totalOf(pages: readonly KanboardTaskPage[]): number {
  return pages[pages.length - 1]?.meta.pagination.total ?? 0;
}

/**
 * The request for the cards after the first `loaded` ones, or undefined when none are left. The server's
 * pages are offsets of `per_page`, so the page size is chosen (between the usual 50 and the most a page may
 * hold) to start as close as possible to the first card not loaded: after one card moved out of a column
 * with 150 loaded, it asks for page 2 of 149 rather than page 3 of 50, which would bring 49 cards again.
 * Cards that still come twice are dropped by `cardsOf`.
 */
export function nextColumnPage(loaded: number, total: number, pageSize = KANBOARD_PAGE_SIZE, maxPageSize = KANBOARD_MAX_PAGE_SIZE): ColumnPageParam | undefined {
  if (loaded >= total) return undefined;
  if (loaded % pageSize === 0) return { page: loaded / pageSize + 1, per_page: pageSize };
  let best: { perPage: number; overlap: number } | null = null;
  for (let perPage = pageSize; perPage <= maxPageSize; perPage += 1) {
    const overlap = loaded % perPage;
    // Fewer cards fetched twice first; then the size nearest the usual page.
    if (best === null || overlap < best.overlap) best = { perPage, overlap };
    if (overlap === 0) break;
  }
  const perPage = best?.perPage ?? pageSize;
  return { page: Math.floor(loaded / perPage) + 1, per_page: perPage };
}

/** Every page with `total` moved by `delta` (never below 0), so whichever page is read last says the same. */
function withTotalDelta(pages: readonly KanboardTaskPage[], delta: number): KanboardTaskPage[] {
  if (delta === 0) return [...pages];
  return pages.map((page) => {
    const total = Math.max(0, page.meta.pagination.total + delta);
    const perPage = page.meta.pagination.per_page;
    return { ...page, meta: { pagination: { ...page.meta.pagination, total, total_pages: perPage > 0 ? Math.ceil(total / perPage) : 0 } } };
  });
}

/** The index of a card among the loaded ones; -1 when it is not loaded. */
export function indexOfCard(data: ColumnPages, taskId: number): number {
  return cardsOf(data.pages).findIndex((task) => task.id === taskId);
}

/** The column without a loaded card, one card fewer in its total; unchanged when the card is not loaded. */
export function removeCard(data: ColumnPages, taskId: number): ColumnPages {
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.data.some((task) => task.id === taskId)) return page;
    found = true;
    return { ...page, data: page.data.filter((task) => task.id !== taskId) };
  });
  if (!found) return data;
  return { ...data, pages: withTotalDelta(pages, -1) };
}

/**
 * The column with `task` at `index` among its loaded cards, one card more in its total. A card that lands
 * past the loaded ones (the server placed it in a part of the column not loaded yet) is only counted: it
 * shows when that part is loaded. A card already loaded is moved instead, and the total stays.
 */
export function insertCard(data: ColumnPages, task: Task, index: number): ColumnPages {
  const wasLoaded = indexOfCard(data, task.id) >= 0;
  const base = wasLoaded ? removeCard(data, task.id) : data;
  // Counted once: a card moved within the column was taken off the total by removeCard.
  const pages = withTotalDelta(base.pages, 1);
  const cards = cardsOf(pages);
  const loaded = cards.length;
  if (index < 0 || index > loaded) return { ...base, pages };
  if (pages.length === 0) return { ...base, pages };
  // The card goes into the page holding the card now at `index`, just before it; at the end, into the last page.
  const before = cards[index];
  if (before === undefined) {
    const last = pages.length - 1;
    return { ...base, pages: pages.map((page, at) => (at === last ? { ...page, data: [...page.data, task] } : page)) };
  }
  let placed = false;
  const next = pages.map((page) => {
    if (placed) return page;
    const at = page.data.findIndex((entry) => entry.id === before.id);
    if (at < 0) return page;
    placed = true;
    return { ...page, data: [...page.data.slice(0, at), task, ...page.data.slice(at)] };
  });
  return { ...base, pages: next };
}

/** The column with a loaded card replaced by its new version; unchanged when the card is not loaded. */
export function replaceCard(data: ColumnPages, task: Task): ColumnPages {
  if (indexOfCard(data, task.id) < 0) return data;
  return { ...data, pages: data.pages.map((page) => (page.data.some((entry) => entry.id === task.id) ? { ...page, data: page.data.map((entry) => (entry.id === task.id ? task : entry)) } : page)) };
}
