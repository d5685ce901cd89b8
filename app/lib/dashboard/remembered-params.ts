import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "./session";

/**
 * The address parameters an operator last chose on one screen (its view, its layout), remembered in this browser
 * per operator: arriving at the screen without any of them opens it where they left it. Returns `remember`, to be
 * given each address the operator chooses.
 */
export function useRememberedParams(screen: string, names: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const userId = useSession()?.user_id;
  const key = userId ? `console-${screen}-params:${userId}` : null;
  useEffect(() => {
    if (!key || names.some((name) => params.has(name))) return;
    const saved = new URLSearchParams(localStorage.getItem(key) ?? "");
    if (!names.some((name) => saved.get(name))) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of names) if (saved.get(name)) next.set(name, saved.get(name)!);
        return next;
      },
      { replace: true },
    );
    // Only on arrival (or once the session is known), not on every change of the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (chosen: URLSearchParams) => {
    if (!key) return;
    const kept = new URLSearchParams();
    for (const name of names) if (chosen.get(name)) kept.set(name, chosen.get(name)!);
    localStorage.setItem(key, kept.toString());
  };
}
