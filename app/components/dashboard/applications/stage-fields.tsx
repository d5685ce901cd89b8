import type { ReactNode } from "react";
import type { ApplicationStage, RejectReason } from "#schemas/application.ts";
import { SelectField } from "../field";
import { reasonOptions, stageOptions } from "./application";

/** Why an application is rejected, from the fixed list of reasons. */
export function ReasonField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: RejectReason;
  onChange: (reason: RejectReason) => void;
}) {
  return (
    <SelectField
      label="Reason"
      name={name}
      options={reasonOptions}
      value={value}
      onChange={(e) => onChange(e.target.value as RejectReason)}
    />
  );
}

/** The stage to move to and, for Rejected, the reason; `instead` stands in the reason's place otherwise. */
export function StageFields({
  label,
  name,
  stage,
  onStage,
  reason,
  onReason,
  instead = null,
}: {
  label: string;
  name: string;
  stage: ApplicationStage;
  onStage: (stage: ApplicationStage) => void;
  reason: RejectReason;
  onReason: (reason: RejectReason) => void;
  instead?: ReactNode;
}) {
  return (
    <>
      <SelectField
        label={label}
        name={`${name}-stage`}
        options={stageOptions}
        value={stage}
        onChange={(e) => onStage(e.target.value as ApplicationStage)}
      />
      {stage === "rejected" ? (
        <ReasonField name={`${name}-reason`} value={reason} onChange={onReason} />
      ) : (
        instead
      )}
    </>
  );
}
