import { useState } from "react";
import type { RejectReason } from "#schemas/application.ts";
import { SelectField } from "../field";
import { Modal } from "../modal";
import { reasonOptions } from "./application";

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
      <SelectField
        label="Reason"
        name="reject-reason"
        options={reasonOptions}
        value={reason}
        onChange={(e) => setReason(e.target.value as RejectReason)}
      />
    </Modal>
  );
}
