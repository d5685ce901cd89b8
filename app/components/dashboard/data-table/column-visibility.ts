import type { OnChangeFn, VisibilityState } from "@tanstack/react-table";
import { useEffect, useState } from "react";
import { useSession } from "~/lib/dashboard/session";

/** The columns an operator hid on one list, remembered in this browser per operator and list. */
export function useColumnVisibility(list: string): [VisibilityState, OnChangeFn<VisibilityState>] {
  const userId = useSession()?.user_id;
  const key = userId ? `console-columns:${userId}:${list}` : null;
  const [visibility, setVisibility] = useState<VisibilityState>({});
  useEffect(() => {
    if (!key) return;
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(key) ?? "{}");
      setVisibility(stored && typeof stored === "object" ? (stored as VisibilityState) : {});
    } catch {
      // A stored value that does not parse is forgotten, not fatal.
      setVisibility({});
    }
  }, [key]);
  const update: OnChangeFn<VisibilityState> = (change) =>
    setVisibility((prev) => {
      const next = typeof change === "function" ? change(prev) : change;
      if (key) localStorage.setItem(key, JSON.stringify(next));
      return next;
    });
  return [visibility, update];
}
