/** What a dialog's focus trap may start on: a field, a button, a link or a focusable region. */
export const FOCUSABLE =
  "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [contenteditable=true], [tabindex='0']";

/** The control that opened a dialog and where it stood, read when the dialog opens. */
export interface Opener {
  element: HTMLElement;
  /** `data-focus-key` of the control, or else its accessible name: how its re-rendered copy is found. */
  key: string | null;
  name: string;
  /** The neighbours of the list row or card it sat in, and which of the row's controls it was. */
  neighbours: Element[];
  position: number;
  /** The list (or page section) around it, whose heading takes focus when nothing closer is left. */
  section: Element | null;
  /** Opened from inside another dialog, which returns the focus when both close. */
  inDialog: boolean;
}

const nameOf = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim();
/** "Delete truck MH01AB1234" → "Delete": the action, without the record it acts on. */
const actionOf = (el: Element) => nameOf(el).split(/\s/, 1)[0];
const outsideDialogs = (el: Element) => !el.closest("[role=dialog], [role=alertdialog]");
const controlsOf = (row: Element) => [...row.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(outsideDialogs);

export function rememberOpener(element: HTMLElement): Opener {
  const row = element.closest("tr, li");
  return {
    element,
    key: element.getAttribute("data-focus-key"),
    name: nameOf(element),
    neighbours: row ? [row.nextElementSibling, row.previousElementSibling].filter((el) => el !== null) : [],
    position: row ? controlsOf(row).indexOf(element) : -1,
    section: element.closest("section") ?? element.closest("main"),
    inDialog: !outsideDialogs(element),
  };
}

/**
 * Where focus goes back when a dialog closes: the opener while it is on the page; once a save re-rendered it
 * (a lead card that changed column) its copy; once a delete removed its row, the same action of the next row
 * (or the previous one); else the heading of its list or page, never the page body. A control inside another
 * dialog that closed with this one is left to that dialog.
 */
export function returnTarget(opener: Opener): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  if (opener.inDialog) return null;
  const scope = document.querySelector("main") ?? document.body;
  const candidates = [...scope.querySelectorAll<HTMLElement>(opener.element.tagName)].filter(outsideDialogs);
  const copy = opener.key
    ? candidates.find((el) => el.getAttribute("data-focus-key") === opener.key)
    : opener.name && candidates.find((el) => nameOf(el) === opener.name);
  if (copy) return copy;
  for (const row of opener.neighbours) {
    if (!row.isConnected) continue;
    const controls = controlsOf(row);
    const action = actionOf(opener.element);
    const same =
      controls.find((el) => el.tagName === opener.element.tagName && actionOf(el) === action) ??
      controls[opener.position] ??
      controls[0];
    if (same) return same;
  }
  const section = opener.section?.isConnected ? opener.section : scope;
  const heading = section.querySelector<HTMLElement>("h1, h2") ?? scope.querySelector<HTMLElement>("h1");
  // A heading is not a control: it takes focus from script only, and Tab goes on from there.
  if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  return heading;
}
