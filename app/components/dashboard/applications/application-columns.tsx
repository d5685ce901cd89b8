import { formatDateTime } from "#shared/india-time.ts";
import {
  applicationJobLabel,
  applicationStages,
  stageLabels,
  type ApplicationRow,
  type ApplicationStage,
} from "#schemas/application.ts";
import { PhoneLink } from "../contact-links";
import type { Column } from "../data-table";
import { StatusSelect } from "../kit/status-select";
import { fullName, stageStyle } from "./application";

/** The list's columns; the stage is a select that moves the application (`onStage`). */
export function applicationColumns(
  onStage: (row: ApplicationRow, to: ApplicationStage) => void,
): Column<ApplicationRow>[] {
  return [
    {
      key: "created_at",
      header: "Applied",
      sortable: true,
      render: (a) => formatDateTime(a.created_at),
    },
    { key: "last_name", header: "Candidate", sortable: true, primary: true, render: fullName },
    { key: "job_title", header: "Job", sortable: true, render: (a) => applicationJobLabel(a) },
    {
      key: "email",
      header: "E-mail",
      render: (a) => <span className="[overflow-wrap:anywhere]">{a.email || "—"}</span>,
    },
    { key: "phone", header: "Phone", render: (a) => <PhoneLink phone={a.phone} /> },
    {
      key: "stage",
      header: "Stage",
      sortable: true,
      render: (a) => (
        <StatusSelect
          label={`Stage of the application from ${fullName(a)}`}
          value={a.stage}
          options={applicationStages}
          labels={stageLabels}
          tone={stageStyle[a.stage]}
          disabled={a.anonymised}
          onChange={(stage) => onStage(a, stage)}
        />
      ),
    },
  ];
}
