import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Quick navigations stay calm: the bar shows only when one is still pending after this long. */
export const PROGRESS_DELAY_MS = 150;

/** A thin bar over the top edge while a navigation waits for its data or code; announced, takes no space. */
export function NavigationProgress() {
  const navigation = useNavigation();
  // Each navigation has its own location key: the bar belongs to the one that has been pending too long.
  const pending = navigation.state === "idle" ? null : navigation.location.key;
  const [late, setLate] = useState<string | null>(null);
  useEffect(() => {
    if (pending === null) return;
    const timer = window.setTimeout(() => setLate(pending), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);
  const shown = pending !== null && late === pending;
  return (
    <>
      <p role="status" className="sr-only">
        {shown ? "Loading page…" : ""}
      </p>
      {shown ? <div aria-hidden="true" data-navigation-progress className="navigation-progress" /> : null}
    </>
  );
}
