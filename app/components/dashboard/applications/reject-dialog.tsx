import { useState } from "react";
import type { RejectReason } from "#schemas/application.ts";
import type { Reply } from "#schemas/thread.ts";
import { Modal } from "../modal";
import { RejectionMailFields, useRejectionMail } from "./rejection-mail";
import { ReasonField } from "./stage-fields";

/**
 * Asks why before a rejection (a move to Rejected on the list or the board) and offers the candidate's
 * "thank you / not this time" mail, editable or left unsent: Reject, or Cancel and nothing moves.
 */
export function RejectDialog({
  id,
  title,
  onClose,
  onReject,
}: {
  id: number;
  title: string;
  onClose: () => void;
  onReject: (reason: RejectReason, reply: Reply | undefined) => void;
}) {
  const [reason, setReason] = useState<RejectReason>("not_a_fit");
  const mail = useRejectionMail(id);
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      kind="edit"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              const reply = mail.check();
              if (reply !== false) onReject(reason, reply);
            }}
          >
            {mail.send ? "Reject and send" : "Reject"}
          </button>
        </>
      }
    >
      <div className="space-y-4">
        <ReasonField name="reject-reason" value={reason} onChange={setReason} />
        <RejectionMailFields mail={mail} name="rejection" />
      </div>
    </Modal>
  );
}
