// The key check every driver runs. It lives apart from storage.ts because storage.ts picks a driver and so
// imports them: a driver importing it back would close an import cycle.

/** A key is a relative path of safe segments: no `..`, no absolute paths, no backslashes. */
export function assertSafeKey(key: string): void {
  if (key.length === 0 || key.length > 500 || key.startsWith("/") || key.includes("\\") || key.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
