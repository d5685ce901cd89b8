import { AlarmClock, CalendarClock } from "lucide-react";
import type { Lead } from "#schemas/logistics.ts";
import { formatDay } from "#shared/india-time.ts";

export const statusTone = { HOT: "red", WARM: "amber", COLD: "sky" } as const;

/** A lead's follow-up date, marked when it has passed. */
export function FollowUp({ lead }: { lead: Lead }) {
  if (!lead.follow_up_date) return <span className="text-slate-500">No follow-up</span>;
  return lead.overdue ? (
    <span className="inline-flex items-center gap-1 font-semibold text-red-700">
      <AlarmClock aria-hidden="true" className="size-4" /> {formatDay(lead.follow_up_date)} · overdue
    </span>
  ) : (
    <span className="inline-flex items-center gap-1">
      <CalendarClock aria-hidden="true" className="size-4 text-slate-400" /> {formatDay(lead.follow_up_date)}
    </span>
  );
}
