import { Monitor, Moon, Sun } from "lucide-react";
import { useLayoutEffect, useSyncExternalStore } from "react";
import { useNonce } from "#app/lib/nonce.tsx";
import "./console.css";
import { DARK_QUERY, THEME_ATTRIBUTE, THEME_SCRIPT, THEME_STORAGE_KEY } from "./theme-script";

/**
 * The console's colour scheme: light, dark or the system's (prefers-color-scheme), chosen in the console
 * header and remembered in localStorage. The chosen scheme is written to `<html data-console-theme>` as
 * "light" or "dark"; theme.css redefines the palette's variables under `[data-console-theme="dark"]`, so dialogs
 * and toasts (portals in <body>) follow too. Public pages never carry the attribute: it is set only while a
 * console screen is mounted (and by the inline script of a console page), and taken off when one unmounts.
 */
export type ThemeChoice = "light" | "dark" | "system";

/** Tells the other console components of this tab that the choice changed (other tabs hear `storage`). */
const CHANGED = "console:theme-changed";

const isChoice = (value: unknown): value is ThemeChoice =>
  value === "light" || value === "dark" || value === "system";

/** The choice when localStorage refuses to keep it (some private modes): it lasts until the page is left. */
let unsaved: ThemeChoice | null = null;

function readChoice(): ThemeChoice {
  if (unsaved) return unsaved;
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isChoice(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

const shown = (choice: ThemeChoice): "light" | "dark" =>
  choice === "dark" || (choice === "system" && window.matchMedia(DARK_QUERY).matches) ? "dark" : "light";

/** Stores the operator's choice and tells every console screen of this tab (other tabs hear `storage`). */
export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
    unsaved = null;
  } catch {
    unsaved = choice;
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  const media = window.matchMedia(DARK_QUERY);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) onChange();
  };
  media.addEventListener("change", onChange);
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    media.removeEventListener("change", onChange);
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** What is shown and what was chosen, as one string so that React compares snapshots by value. */
const snapshot = () => {
  const choice = readChoice();
  return `${shown(choice)} ${choice}`;
};

/** The scheme shown ("light" | "dark") and the operator's choice, following storage and the system. */
export function useThemeState(): { scheme: "light" | "dark"; choice: ThemeChoice } {
  const value = useSyncExternalStore(subscribe, snapshot, () => "light system");
  const [scheme, choice] = value.split(" ") as ["light" | "dark", ThemeChoice];
  return { scheme, choice };
}

/** Keeps `<html data-console-theme>` in step with the choice while a console screen is mounted. */
function useApplyTheme() {
  const { scheme } = useThemeState();
  useLayoutEffect(() => {
    // Read afresh rather than from `scheme`: while hydrating, `scheme` is still the server's guess ("light"),
    // and writing it would undo the inline script's "dark" for a frame.
    document.documentElement.setAttribute(THEME_ATTRIBUTE, shown(readChoice()));
  }, [scheme]);
  // Leaving the console for a public page (a client-side navigation) takes the scheme off again.
  useLayoutEffect(() => () => document.documentElement.removeAttribute(THEME_ATTRIBUTE), []);
}

/**
 * Mount once per console page, before its content: the inline script that sets the scheme before the first
 * paint, and the hook that keeps it in step afterwards.
 */
export function ConsoleTheme() {
  const nonce = useNonce();
  useApplyTheme();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}

const OPTIONS = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
] as const;

/** Light / dark / system, as three radio buttons drawn as icons (arrow keys move between them). */
export function ThemeSwitch({ className = "" }: { className?: string }) {
  const { choice } = useThemeState();
  return (
    <fieldset
      className={`flex shrink-0 items-center gap-0.5 rounded-lg border border-slate-200 p-0.5 ${className}`}
    >
      <legend className="sr-only">Colour scheme</legend>
      {OPTIONS.map(({ value, label, Icon }) => (
        <label
          key={value}
          title={label}
          className="relative grid size-8 cursor-pointer place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-navy-900 has-checked:bg-slate-200 has-checked:text-navy-900 has-focus-visible:outline-3 has-focus-visible:outline-offset-1 has-focus-visible:outline-accent-500"
        >
          <input
            type="radio"
            name="console-theme"
            value={value}
            checked={choice === value}
            onChange={() => setThemeChoice(value)}
            className="sr-only"
          />
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
