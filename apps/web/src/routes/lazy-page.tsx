import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { ChunkErrorBoundary, ChunkLoadError } from "../components/ChunkErrorBoundary.js";
import { PageSkeleton } from "../components/PageSkeleton.js";

/**
 * A page whose code loads on first use, in its own chunk: `lazyPage(() => import("./files.js"), "FilesHomePage")`.
 * Each page has its own Suspense boundary, so a navigation shows the skeleton at once instead of keeping
 * the old page up while the chunk arrives; a failed fetch shows a message with Retry. `fallback` replaces
 * the skeleton (modal routes pass null: the page under them stays in view).
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  fallback: ReactNode = <PageSkeleton />,
): ComponentType {
  const Page = lazy(() =>
    load().then(
      (module) => {
        const Page: ComponentType = module[name];
        return { default: Page };
      },
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
  function LazyPage() {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={fallback}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}

/**
 * Like `lazyPage`, but without a Suspense boundary, for a page that must show its data fast (the Kanban
 * board's first cards, issue 16): React holds content revealed from a Suspense fallback until 300 ms after
 * the fallback showed (its throttle against pieces popping in one by one), which would cost such a page
 * 300 ms on every visit although its chunk arrives in a few tens. The skeleton shows until the chunk is in;
 * a failed fetch shows the same message with Retry. `preload()` fetches the chunk ahead of the first visit.
 */
export function chunkPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  fallback: ReactNode = <PageSkeleton />,
): ComponentType & { preload: () => Promise<unknown> } {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const loadPage = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        // The next visit tries again (after a deploy, Retry reloads the page and its new index).
        loading = null;
        throw new ChunkLoadError(error);
      },
    ));
  function ChunkPage() {
    const [Page, setPage] = useState<ComponentType | null>(() => loaded);
    const [error, setError] = useState<unknown>(null);
    useEffect(() => {
      if (Page) return;
      let isCurrent = true;
      loadPage().then(
        (page) => isCurrent && setPage(() => page),
        (failure: unknown) => isCurrent && setError(failure),
      );
      return () => {
        isCurrent = false;
      };
    }, [Page]);
    if (error) throw error;
    return Page ? <Page /> : fallback;
  }
  function LoadedPage() {
    return (
      <ChunkErrorBoundary>
        <ChunkPage />
      </ChunkErrorBoundary>
    );
  }
  LoadedPage.displayName = `Chunk(${name})`;
  // A failed preload is not shown: the visit itself tries again and shows the message.
  LoadedPage.preload = () => loadPage().catch(() => undefined);
  return LoadedPage;
}
