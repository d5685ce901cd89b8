import { useState } from "react";
import type { RejectReason } from "#schemas/application.ts";
import { Modal } from "../modal";
import { ReasonField } from "./stage-fields";

/** Asks why before a rejection (a move to Rejected on the list or the board): Reject, or Cancel and nothing moves. */
export function RejectDialog({
  title,
  onClose,
  onReject,
}: {
  title: string;
  onClose: () => void;
  onReject: (reason: RejectReason) => void;
}) {
  const [reason, setReason] = useState<RejectReason>("not_a_fit");
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      kind="info"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={() => onReject(reason)}>
            Reject
          </button>
        </>
      }
    >
      <ReasonField name="reject-reason" value={reason} onChange={setReason} />
    </Modal>
  );
}
