import { Plus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { AfterSaleList } from "#app/components/dashboard/crm/after-sale.tsx";
import { BeforeSaleEntry } from "#app/components/dashboard/crm/before-sale-entry.tsx";
import { LeadBoard } from "#app/components/dashboard/crm/lead-board.tsx";
import { LeadList } from "#app/components/dashboard/crm/lead-list.tsx";
import { LayoutToggle } from "#app/components/dashboard/layout-toggle.tsx";
import { Segmented } from "#app/components/dashboard/segmented.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useRememberedParams } from "#app/lib/dashboard/remembered-params.ts";

export const meta = () => consoleMeta("CRM");

const views = [
  { value: "after_sale", label: "After sale" },
  { value: "before_sale", label: "Before sale" },
] as const;
type View = (typeof views)[number]["value"];

/** CRM: after-sale customers with their service history (default) and before-sale leads (list or board). */
export default function Crm() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "before_sale" ? "before_sale" : "after_sale";
  const layout = params.get("layout") === "board" ? "board" : "list";
  const [entry, setEntry] = useState(false);
  const remember = useRememberedParams("crm", ["view", "layout"]);
  // Switching views starts each list afresh (its own search, filters and page).
  const go = (changes: Record<string, string | null>) =>
    setParams(() => {
      const next = new URLSearchParams();
      const merged = {
        view: view === "after_sale" ? null : view,
        layout: layout === "list" ? null : layout,
        ...changes,
      };
      for (const [k, v] of Object.entries(merged)) if (v) next.set(k, v);
      remember(next);
      return next;
    });

  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3 max-sm:mb-3 max-sm:gap-2">
        <Segmented
          label="CRM view"
          options={views}
          value={view}
          onChange={(v) => go({ view: v === "after_sale" ? null : v, layout: null })}
          className="bg-white"
          wide
        />
        {view === "before_sale" ? (
          <div className="flex flex-wrap gap-2">
            <LayoutToggle
              label="Leads layout"
              value={layout}
              onChange={(next) => go({ layout: next === "board" ? "board" : null })}
            />
            <button type="button" className="btn-primary" onClick={() => setEntry(true)}>
              <Plus aria-hidden="true" className="size-4" /> Before sale entry
            </button>
          </div>
        ) : null}
      </div>

      {view === "after_sale" ? <AfterSaleList /> : layout === "board" ? <LeadBoard /> : <LeadList />}
      {entry ? <BeforeSaleEntry onClose={() => setEntry(false)} /> : null}
    </div>
  );
}
