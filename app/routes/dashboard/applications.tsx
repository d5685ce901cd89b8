import { useState } from "react";
import { useSearchParams } from "react-router";
import { fullName } from "~/components/dashboard/applications/application";
import { ApplicationBoard } from "~/components/dashboard/applications/application-board";
import { applicationColumns } from "~/components/dashboard/applications/application-columns";
import { ApplicationModal } from "~/components/dashboard/applications/application-detail";
import { applicationFilters, useJobOptions } from "~/components/dashboard/applications/application-filters";
import { BulkStageButton } from "~/components/dashboard/applications/bulk-stage";
import { RejectDialog } from "~/components/dashboard/applications/reject-dialog";
import { useStageMove } from "~/components/dashboard/applications/use-stage-move";
import { ListScreen } from "~/components/dashboard/kit/list-screen";
import { LayoutToggle, type Layout } from "~/components/dashboard/layout-toggle";
import { consoleMeta } from "~/lib/dashboard/meta";
import { useRememberedParams } from "~/lib/dashboard/remembered-params";
import type { ApplicationRow, ApplicationStage } from "../../../schemas/application";

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
          title={`Reject ${fullName(rejecting.row)}`}
          onClose={() => setRejecting(null)}
          onReject={(reason) => {
            move.mutate({ card: rejecting.row, from: rejecting.from, to: "rejected", reason });
            setRejecting(null);
          }}
        />
      )}
      {openId !== null && <ApplicationModal id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
