import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
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
