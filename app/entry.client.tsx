import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Hydrating in a task of its own keeps module evaluation and the first hydration slice from adding up to
// one long task on a slow phone (Lighthouse TBT, docs/decisions/0005-scripts-after-first-paint.md).
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
