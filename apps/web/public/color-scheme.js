/*
 * Runs before the page's first paint (a blocking script in <head>): sets the colour scheme of the last
 * user signed in on this browser, or the system's, so a reload in dark mode never flashes white while the
 * app loads. The keys are those of src/features/color-scheme/lib/color-scheme-store.ts. A file rather
 * than an inline script, as the Content Security Policy allows scripts from the site only.
 */
{
  let scheme = "auto";
  try {
    const user = window.localStorage.getItem("plotline:last-user");
    const stored = user ? window.localStorage.getItem("plotline:color-scheme:" + user) : null;
    if (stored === "light" || stored === "dark" || stored === "auto") scheme = stored;
  } catch {
    // Storage may be refused (private windows): follow the system.
  }
  if (scheme === "auto") scheme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
}
