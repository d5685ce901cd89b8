import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "#app/lib/toast.tsx";
import { focusWasOn } from "./board";

/** A card's move from one column to another; `reason` goes with a column that asks for one (Rejected). */
export interface BoardMove<C, S extends string> {
  card: C;
  from: S;
  to: S;
  reason?: string;
  undo?: boolean;
  /** Sent with the move's request and not with its Undo (an application's rejection mail). */
  extra?: Record<string, unknown>;
}

/**
 * A board move that shows at once: each cached answer in `caches` takes the move before the request is sent,
 * goes back if the server says no (an error toast says where the card is), and is refetched either way. The
 * success toast offers Undo, which moves the card back (with the reason it had there); the focus follows a
 * card that changed column when the keyboard was on it.
 */
export function useBoardMove<C, S extends string>(options: {
  caches: { key: QueryKey; patch: (data: unknown, move: BoardMove<C, S>) => unknown }[];
  request: (move: BoardMove<C, S>) => Promise<unknown>;
  cardId: (card: C) => number;
  cardName: (card: C) => string;
  columnLabel: (column: S) => string;
  /** The reason a card has in its column, given back when a move out of it is undone. */
  reasonOf?: (card: C) => string | undefined;
  invalidate?: QueryKey[];
}) {
  const client = useQueryClient();
  const [focusCard, setFocusCard] = useState<number | null>(null);
  const onFocused = useCallback(() => setFocusCard(null), []);
  const { caches, cardId, cardName, columnLabel: label } = options;
  const followFocus = (card: C) => {
    if (focusWasOn(cardId(card))) setFocusCard(cardId(card));
  };
  const move = useMutation({
    mutationFn: options.request,
    onMutate: async (m: BoardMove<C, S>) => {
      await Promise.all(caches.map((c) => client.cancelQueries({ queryKey: c.key })));
      const before = caches.flatMap((c) => client.getQueriesData({ queryKey: c.key }));
      followFocus(m.card);
      for (const c of caches) client.setQueriesData({ queryKey: c.key }, (data: unknown) => c.patch(data, m));
      return { before };
    },
    onError: (error, m, context) => {
      followFocus(m.card);
      for (const [queryKey, data] of context?.before ?? []) client.setQueryData(queryKey, data);
      const reason = error instanceof Error ? error.message : "the server did not answer";
      toast.error(
        `Could not move ${cardName(m.card)} to ${label(m.to)}: ${reason.replace(/\.?$/, ".")} It is back in ${label(m.from)}.`,
      );
    },
    onSuccess: (_answer, m) => {
      if (m.undo) toast.success(`${cardName(m.card)} is back in ${label(m.to)}.`);
      else
        toast.success(`${cardName(m.card)} moved to ${label(m.to)}.`, {
          action: {
            label: "Undo",
            onClick: () =>
              move.mutate({
                card: m.card,
                from: m.to,
                to: m.from,
                reason: options.reasonOf?.(m.card),
                undo: true,
              }),
          },
        });
    },
    onSettled: () => {
      for (const key of [...caches.map((c) => c.key), ...(options.invalidate ?? [])])
        void client.invalidateQueries({ queryKey: key });
    },
  });
  return { move, focusCard, onFocused };
}
