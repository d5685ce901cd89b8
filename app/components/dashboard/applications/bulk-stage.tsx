import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call } from "#app/lib/dashboard/api.ts";
import { toast } from "#app/lib/toast.tsx";
import type { ApplicationStage, RejectReason } from "#schemas/application.ts";
import { MAX_MATCHING } from "#schemas/bulk.ts";
import type { BulkTarget } from "../data-table";
import { Modal } from "../modal";
import { BOARD, ENDPOINT } from "./application";
import { StageFields } from "./stage-fields";

const some = (n: number) => `${n.toLocaleString("en-IN")} application${n === 1 ? "" : "s"}`;

/**
 * "Move selected": the ticked applications, or all matching the filters, to one stage (a rejection asks
 * why); one move takes at most MAX_MATCHING, as the dialog says (the server refuses more).
 */
export function BulkStageButton({
  target,
  count,
  onDone,
}: {
  target: BulkTarget;
  count: number;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<ApplicationStage>("screening");
  const [reason, setReason] = useState<RejectReason>("not_a_fit");
  const move = useMutation({
    mutationFn: () =>
      call("POST /api/job_applications/bulk_stage", {
        search: "ids" in target ? "" : target.query,
        body: {
          ...("ids" in target ? { ids: target.ids } : { all_matching: true }),
          stage,
          ...(stage === "rejected" ? { reason } : {}),
        },
      }),
    onSuccess: (answer) => {
      toast.success(answer.message ?? "Stage changed.");
      setOpen(false);
      onDone();
    },
    onError: (error) => toast.error(error.message),
    onSettled: () =>
      Promise.all([ENDPOINT, BOARD].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        Move selected ({count.toLocaleString("en-IN")})
      </button>
      {open ? (
        <Modal
          open
          onClose={() => setOpen(false)}
          title={`Move ${some(count)}`}
          kind="info"
          busy={move.isPending}
          footer={
            <>
              <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn-primary"
                disabled={move.isPending}
                onClick={() => move.mutate()}
              >
                Move
              </button>
            </>
          }
        >
          <div className="space-y-4 text-sm">
            <p>
              {"ids" in target
                ? `Move the ${some(count)} you selected to:`
                : `Move all ${some(count)} matching the current search and filters (one move takes at most ${MAX_MATCHING.toLocaleString("en-IN")}) to:`}
            </p>
            <StageFields
              label="Stage"
              name="bulk"
              stage={stage}
              onStage={setStage}
              reason={reason}
              onReason={setReason}
            />
          </div>
        </Modal>
      ) : null}
    </>
  );
}
