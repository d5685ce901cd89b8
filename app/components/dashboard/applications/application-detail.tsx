import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call, request } from "#app/lib/dashboard/api.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { useMe } from "#app/lib/dashboard/me.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import {
  applicationJobLabel,
  rejectReasonLabels,
  stageLabels,
  type ApplicationStage,
  type RejectReason,
} from "#schemas/application.ts";
import type { Reply } from "#schemas/thread.ts";
import { PhoneLink } from "../contact-links";
import { Details } from "../details";
import { Modal } from "../modal";
import { Loading } from "../spinner";
import { BOARD, ENDPOINT, fullName } from "./application";
import { StageFields } from "./stage-fields";
import { download } from "./download";
import { ApplicationNotes } from "./application-notes";
import { ApplicationSubmissions } from "./application-submissions";
import { ReplyThread } from "../threads/reply-thread";
import { RejectionMailFields, useRejectionMail } from "./rejection-mail";

/** One application: every fact and answer, the CV, the stage (with history), notes, and an admin's export and erasure. */
export function ApplicationModal({ id, onClose }: { id: number; onClose: () => void }) {
  const me = useMe(true);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [ENDPOINT, id],
    queryFn: () => call("GET /api/job_applications/:id", { params: { id } }),
  });
  const [stage, setStage] = useState<ApplicationStage | null>(null);
  const [reason, setReason] = useState<RejectReason>("not_a_fit");
  const [erasing, setErasing] = useState(false);
  const rejectionMail = useRejectionMail(id);
  const changeStage = useConsoleMutation<Reply | undefined>({
    request: (reply) =>
      request("PATCH /api/job_applications/:id/stage", {
        params: { id },
        body: stage === "rejected" ? { stage, reason, ...(reply ? { reply } : {}) } : { stage: stage! },
      }),
    success: "Stage changed.",
    invalidate: [ENDPOINT, BOARD],
    onSuccess: () => setStage(null),
  });
  const erase = useConsoleMutation<void>({
    request: () => request("DELETE /api/job_applications/:id/personal_data", { params: { id } }),
    success: "The candidate's personal data and CV were erased.",
    invalidate: [ENDPOINT, BOARD],
    onSuccess: () => {
      setErasing(false);
      void client.invalidateQueries({ queryKey: [ENDPOINT, id] });
    },
  });
  const a = query.data?.data;
  const isAdmin = me.data?.role === "admin";
  return (
    <Modal
      open
      onClose={onClose}
      title={a ? `Application from ${fullName(a)}` : "Application"}
      kind="edit"
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {!a ? (
        <Loading
          label="Loading the application…"
          failed={query.isError}
          failure="Could not load the application."
        />
      ) : (
        <div className="space-y-5 text-sm">
          <Details
            className="grid gap-x-6 gap-y-3 sm:grid-cols-2"
            valueClassName="text-slate-900"
            items={[
              ["Job", applicationJobLabel(a)],
              [
                "Stage",
                `${stageLabels[a.stage]}${a.reject_reason ? ` (${rejectReasonLabels[a.reject_reason]})` : ""}`,
              ],
              ["E-mail", <span className="[overflow-wrap:anywhere]">{a.email || "—"}</span>],
              ["Phone", <PhoneLink phone={a.phone} />],
              ["Current city", a.city || "—"],
              ["Notice period", a.notice_period || "—"],
              ["LinkedIn or portfolio", a.profile_url || "—"],
              [
                "Applied",
                `${formatDateTime(a.created_at)}${a.resubmissions ? ` (sent again ${a.resubmissions}×)` : ""}`,
              ],
              ["Keep CV for future openings", a.keep_for_future ? "Yes" : "No"],
              ["Consent given", formatDateTime(a.consented_at)],
            ]}
          />
          <div>
            <h3 className="font-medium text-slate-500">Cover note</h3>
            <p className="mt-1 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-slate-900">
              {a.cover_note || "—"}
            </p>
          </div>
          {a.answers?.length ? (
            <div>
              <h3 className="font-medium text-slate-500">Answers to the job&apos;s questions</h3>
              <Details
                className="mt-1 space-y-2 rounded-lg bg-slate-50 p-3"
                valueClassName="whitespace-pre-wrap text-slate-900"
                items={a.answers.map((x, i) => [`${i + 1}. ${x.question}`, x.answer || "(not answered)"])}
              />
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {a.cv_file_name && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void download(`${ENDPOINT}/${id}/cv`, a.cv_file_name!)}
              >
                Download CV ({a.cv_file_name})
              </button>
            )}
            {isAdmin && !a.anonymised && (
              <>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void download(`${ENDPOINT}/${id}/export`, `application-${id}.zip`)}
                >
                  Export candidate data (zip)
                </button>
                <button type="button" className="btn-secondary text-red-700" onClick={() => setErasing(true)}>
                  Erase personal data
                </button>
              </>
            )}
          </div>
          {erasing && (
            <div role="alertdialog" aria-labelledby="erase-question" className="rounded-lg bg-red-50 p-3">
              <p id="erase-question" className="font-medium text-red-900">
                Erase this candidate&apos;s name, contact details, answers, notes, mail and CV? Stage and
                dates stay for statistics. This cannot be undone.
              </p>
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  className="btn bg-red-700 text-white hover:bg-red-800"
                  onClick={() => erase.mutate()}
                  disabled={erase.isPending}
                >
                  Erase
                </button>
                <button type="button" className="btn-secondary" onClick={() => setErasing(false)}>
                  Cancel
                </button>
              </div>
            </div>
          )}
          <ApplicationSubmissions application={a} />
          {!a.anonymised && (
            <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <StageFields
                label="Move to stage"
                name="application"
                stage={stage ?? a.stage}
                onStage={setStage}
                reason={reason}
                onReason={setReason}
                instead={<div />}
              />
              <button
                type="button"
                className="btn-primary"
                disabled={!stage || stage === a.stage || changeStage.isPending}
                onClick={() => {
                  const reply = stage === "rejected" ? rejectionMail.check() : undefined;
                  if (reply !== false) changeStage.mutate(reply);
                }}
              >
                Change stage
              </button>
              {stage === "rejected" && a.stage !== "rejected" && (
                <div className="sm:col-span-3">
                  <RejectionMailFields mail={rejectionMail} name="rejection" />
                </div>
              )}
            </div>
          )}
          <div>
            <h3 className="font-medium text-slate-500">Stage history</h3>
            <ol className="mt-1 space-y-1">
              {a.history.map((h, i) => (
                <li key={i}>
                  {formatDateTime(h.at)}: {h.from ? `${stageLabels[h.from]} → ` : ""}
                  {stageLabels[h.to]}
                  {h.reason ? ` (${rejectReasonLabels[h.reason]})` : ""} by {h.by}
                </li>
              ))}
            </ol>
          </div>
          <ReplyThread
            kind="application"
            id={id}
            person={fullName(a) || "The candidate"}
            closed={
              a.anonymised
                ? "This application was anonymised; the candidate can no longer be mailed."
                : undefined
            }
          />
          <ApplicationNotes id={id} notes={a.notes} anonymised={a.anonymised} />
        </div>
      )}
    </Modal>
  );
}
