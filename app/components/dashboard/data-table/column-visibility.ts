import type { OnChangeFn, VisibilityState } from "@tanstack/react-table";
import { useState } from "react";
import { useSession } from "#app/lib/dashboard/session.ts";

function read(key: string | null): VisibilityState {
  if (!key) return {};
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? "{}");
    return stored && typeof stored === "object" ? (stored as VisibilityState) : {};
  } catch {
    // A stored value that does not parse is forgotten, not fatal.
    return {};
  }
}

/** The columns an operator hid on one list, remembered in this browser per operator and list. */
export function useColumnVisibility(list: string): [VisibilityState, OnChangeFn<VisibilityState>] {
  const userId = useSession()?.user_id;
  const key = userId ? `console-columns:${userId}:${list}` : null;
  const [state, setState] = useState<{ key: string | null; visibility: VisibilityState }>({
    key: null,
    visibility: {},
  });
  // Another operator or list (or the session known after hydration): read what they chose.
  if (state.key !== key) setState({ key, visibility: read(key) });
  const update: OnChangeFn<VisibilityState> = (change) =>
    setState((prev) => {
      const visibility = typeof change === "function" ? change(prev.visibility) : change;
      if (prev.key) localStorage.setItem(prev.key, JSON.stringify(visibility));
      return { ...prev, visibility };
    });
  return [state.key === key ? state.visibility : read(key), update];
}
