import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "#app/lib/dashboard/api.ts";
import { formatDate } from "#shared/india-time.ts";
import { useListParams } from "#app/lib/dashboard/list-params.ts";
import {
  applicationJobLabel,
  stageLabels,
  type ApplicationRow,
  type ApplicationStage,
} from "#schemas/application.ts";
import { Board } from "../board/board";
import { SelectField } from "../field";
import { BOARD, fullName, stageStyle } from "./application";

const FILTERS = ["job_id", "from", "to"] as const;

/**
 * The applications as a board, one column per stage, narrowed by the same job, search and dates as the
 * list (kept in the address); a card is dragged (mouse or keyboard) or moved from its menu.
 */
export function ApplicationBoard({
  jobs,
  onMove,
  onOpen,
  focusCard,
  onFocused,
}: {
  jobs: { value: string; label: string }[];
  onMove: (row: ApplicationRow, from: ApplicationStage, to: ApplicationStage) => void;
  onOpen: (row: ApplicationRow) => void;
  focusCard: number | null;
  onFocused: () => void;
}) {
  const list = useListParams(FILTERS);
  const query = new URLSearchParams();
  if (list.search) query.set("search", list.search);
  for (const key of FILTERS) if (list.filters[key]) query.set(key, list.filters[key]);
  const board = useQuery({
    queryKey: [BOARD, query.toString()],
    queryFn: ({ signal }) => call("GET /api/job_applications/board", { search: query.toString(), signal }),
    placeholderData: keepPreviousData,
  });
  const narrowed = Boolean(list.search || list.filters.from || list.filters.to);
  return (
    <section aria-labelledby="board-title">
      <h1 id="board-title" className="text-2xl font-bold text-navy-900">
        Applications
      </h1>
      <p className="keyboard-hint mt-1 text-sm text-slate-600">
        Drag a card to another stage, or focus it and press Space, then the arrow keys and Space. Tab goes
        from stage to stage; the arrow keys move between cards. Moving to Rejected asks for the reason.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-72 max-w-full">
          <SelectField
            label="Job"
            name="board-job"
            placeholder="Every job"
            options={jobs}
            value={list.filters.job_id}
            onChange={(e) => list.applyFilters({ job_id: e.target.value })}
          />
        </div>
        {narrowed ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            The list&apos;s search and dates apply here too.
            <button
              type="button"
              className="font-semibold text-brand-700 underline"
              onClick={() => list.applyFilters({ search: "", from: "", to: "" })}
            >
              Show every date and name
            </button>
          </p>
        ) : null}
      </div>
      <Board<ApplicationRow, ApplicationStage>
        state={board.isPending ? "loading" : board.isError ? "failed" : "ready"}
        columns={(board.data?.board_data ?? []).map((c) => ({
          id: c.stage,
          count: c.count,
          cards: c.applications,
        }))}
        noun="application"
        cardId={(a) => a.id}
        cardName={fullName}
        columnLabel={(s) => stageLabels[s]}
        columnHeading={(s) => (
          <span className={`rounded-full px-2 py-0.5 text-xs ${stageStyle[s]}`}>{stageLabels[s]}</span>
        )}
        renderCard={(a) => (
          <>
            <span className="block break-words font-semibold text-navy-900">{fullName(a)}</span>
            <span className="block break-words text-xs text-slate-600">{applicationJobLabel(a)}</span>
            <span className="mt-1 block text-xs text-slate-600">Applied {formatDate(a.created_at)}</span>
          </>
        )}
        menu={{
          label: (a, s) => `Stage of ${fullName(a)}: ${stageLabels[s]}`,
          option: (s) => stageLabels[s],
        }}
        onMove={onMove}
        onOpen={onOpen}
        focusCard={focusCard}
        onFocused={onFocused}
        gridClassName="sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
      />
    </section>
  );
}
