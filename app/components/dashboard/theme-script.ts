/** The console scheme's storage key, attribute and first-paint script (no imports: the browser tests read it). */
export const THEME_STORAGE_KEY = "console-theme";
export const THEME_ATTRIBUTE = "data-console-theme";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Runs before the console's first paint (rendered at the top of the page, so before any of its content) and
 * sets the scheme as `useApplyTheme` does, so a dark console does not flash white while it loads. The
 * page's CSP lists this script's hash (app/lib/script-hashes.server.ts); it must stay one constant string.
 */
export const THEME_SCRIPT = `(function () {
  try {
    var c = localStorage.getItem("${THEME_STORAGE_KEY}");
    var dark = c === "dark" || (c !== "light" && window.matchMedia("${DARK_QUERY}").matches);
    document.documentElement.setAttribute("${THEME_ATTRIBUTE}", dark ? "dark" : "light");
  } catch (e) {}
})();`;
