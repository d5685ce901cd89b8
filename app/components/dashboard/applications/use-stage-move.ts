import {
  stageLabels,
  type ApplicationBoardColumn,
  type ApplicationRow,
  type ApplicationStage,
  type RejectReason,
} from "#schemas/application.ts";
import type { Reply } from "#schemas/thread.ts";
import { call } from "#app/lib/dashboard/api.ts";
import { useBoardMove, type BoardMove } from "../board/use-board-move";
import { BOARD, ENDPOINT, fullName } from "./application";

type Move = BoardMove<ApplicationRow, ApplicationStage>;
const after = (m: Move): ApplicationRow => ({
  ...m.card,
  stage: m.to,
  reject_reason: m.to === "rejected" ? ((m.reason as ApplicationRow["reject_reason"]) ?? null) : null,
});

/** The list's rows after a move: the moved one in its new stage. */
function inList(data: unknown, m: Move): unknown {
  const answer = data as { applications_data?: ApplicationRow[] } | undefined;
  if (!answer?.applications_data) return data;
  return {
    ...answer,
    applications_data: answer.applications_data.map((a) => (a.id === m.card.id ? after(m) : a)),
  };
}

/** The board after a move: the card leaves its column and heads the other (the most recently moved first). */
function onBoard(data: unknown, m: Move): unknown {
  const board = data as { board_data?: ApplicationBoardColumn[] } | undefined;
  if (!board?.board_data) return data;
  return {
    ...board,
    board_data: board.board_data.map((c) =>
      c.stage === m.from
        ? { ...c, count: c.count - 1, applications: c.applications.filter((a) => a.id !== m.card.id) }
        : c.stage === m.to
          ? { ...c, count: c.count + 1, applications: [after(m), ...c.applications] }
          : c,
    ),
  };
}

/**
 * A stage change from the list or the board: shown at once in both, put back if refused, with Undo (a
 * rejection undone goes back to its stage; a move out of Rejected undone gets its reason back).
 */
export function useStageMove() {
  return useBoardMove<ApplicationRow, ApplicationStage>({
    caches: [
      { key: [ENDPOINT], patch: inList },
      { key: [BOARD], patch: onBoard },
    ],
    request: ({ card, to, reason, extra }) =>
      call("PATCH /api/job_applications/:id/stage", {
        params: { id: card.id },
        // The board's Rejected column asks for one of the reasons it offers; Reject may send the candidate a mail.
        body:
          to === "rejected"
            ? {
                stage: to,
                reason: reason as RejectReason,
                ...(extra?.reply ? { reply: extra.reply as Reply } : {}),
              }
            : { stage: to },
      }),
    cardId: (a) => a.id,
    cardName: fullName,
    columnLabel: (s) => stageLabels[s],
    reasonOf: (a) => a.reject_reason ?? undefined,
  });
}
