/**
 * Whether the app runs on the front-end page: the server serves the admin area at `/` and the same app at
 * the chosen front-end page's path (such as `/workspace`), where it shows no admin chrome.
 */
export function isFrontEndPage(pathname: string = window.location.pathname): boolean {
  return pathname !== "/" && pathname !== "/index.html";
}
