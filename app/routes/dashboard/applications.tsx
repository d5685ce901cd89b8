import { useState } from "react";
import { useSearchParams } from "react-router";
import { fullName } from "#app/components/dashboard/applications/application.ts";
import { ApplicationBoard } from "#app/components/dashboard/applications/application-board.tsx";
import { applicationColumns } from "#app/components/dashboard/applications/application-columns.tsx";
import { ApplicationModal } from "#app/components/dashboard/applications/application-detail.tsx";
import {
  applicationFilters,
  useJobOptions,
} from "#app/components/dashboard/applications/application-filters.ts";
import { BulkStageButton } from "#app/components/dashboard/applications/bulk-stage.tsx";
import { RejectDialog } from "#app/components/dashboard/applications/reject-dialog.tsx";
import { useStageMove } from "#app/components/dashboard/applications/use-stage-move.ts";
import { ListScreen } from "#app/components/dashboard/kit/list-screen.tsx";
import { LayoutToggle, type Layout } from "#app/components/dashboard/layout-toggle.tsx";
import { consoleMeta } from "#app/lib/dashboard/meta.ts";
import { useRememberedParams } from "#app/lib/dashboard/remembered-params.ts";
import type { ApplicationRow, ApplicationStage } from "#schemas/application.ts";

export const meta = () => consoleMeta("Applications");

/** The hiring inbox: applications as a list (filters, export, bulk moves) or a board by stage. */
export default function Applications() {
  const [params, setParams] = useSearchParams();
  const layout: Layout = params.get("layout") === "board" ? "board" : "list";
  const [openId, setOpenId] = useState<number | null>(Number(params.get("open")) || null);
  const [rejecting, setRejecting] = useState<{ row: ApplicationRow; from: ApplicationStage } | null>(null);
  const { move, focusCard, onFocused } = useStageMove();
  const jobs = useJobOptions();
  const remember = useRememberedParams("applications", ["layout"]);
  const choose = (next: Layout) => {
    // The filters stay; paging and sorting belong to the list.
    setParams((prev) => {
      const kept = new URLSearchParams(prev);
      for (const key of ["page", "page_size", "sort", "stage", "open"]) kept.delete(key);
      if (next === "board") kept.set("layout", "board");
      else kept.delete("layout");
      remember(kept);
      return kept;
    });
  };
  const request = (row: ApplicationRow, from: ApplicationStage, to: ApplicationStage) => {
    if (to === from) return;
    if (to === "rejected") setRejecting({ row, from });
    else move.mutate({ card: row, from, to });
  };

  return (
    <>
      <div className="mb-5 flex justify-end">
        <LayoutToggle label="Applications layout" value={layout} onChange={choose} />
      </div>
      {layout === "board" ? (
        <ApplicationBoard
          jobs={jobs}
          onMove={request}
          onOpen={(row) => setOpenId(row.id)}
          focusCard={focusCard}
          onFocused={onFocused}
        />
      ) : (
        <ListScreen<ApplicationRow>
          title="Applications"
          endpoint="/api/job_applications"
          dataKey="applications"
          describe={(a) => `application from ${fullName(a)}`}
          searchPlaceholder="Search name or e-mail"
          csvExport
          emptyText="No applications match."
          filters={applicationFilters(jobs)}
          editText="Open"
          form={(a, close) => a && <ApplicationModal id={a.id} onClose={close} />}
          bulkSelect={{
            noun: "application",
            rowId: (a) => a.id,
            allMatching: true,
            actions: (target, count, clear) => (
              <BulkStageButton target={target} count={count} onDone={clear} />
            ),
          }}
          columns={applicationColumns((row, to) => request(row, row.stage, to))}
        />
      )}
      {rejecting && (
        <RejectDialog
          id={rejecting.row.id}
          title={`Reject ${fullName(rejecting.row)}`}
          onClose={() => setRejecting(null)}
          onReject={(reason, reply) => {
            move.mutate({
              card: rejecting.row,
              from: rejecting.from,
              to: "rejected",
              reason,
              extra: reply ? { reply } : undefined,
            });
            setRejecting(null);
          }}
        />
      )}
      {openId !== null && <ApplicationModal id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
