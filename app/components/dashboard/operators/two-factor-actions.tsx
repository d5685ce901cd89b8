import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call, request } from "#app/lib/dashboard/api.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { roles, type OperatorRow } from "#schemas/operator.ts";
import type { TwoFactorPolicy } from "#schemas/two-factor.ts";
import { ConfirmModal } from "../modal";
import { OPERATORS, TWO_FACTOR_POLICY } from "./endpoints";

/** Which roles must sign in with a code from an authenticator app (checked by the server on every call). */
export function TwoFactorPolicyForm() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [TWO_FACTOR_POLICY],
    queryFn: async () => (await call("GET /api/two_factor_policy")).data,
  });
  // The operator's unsaved choice, over what the server has.
  const [edited, setEdited] = useState<TwoFactorPolicy | null>(null);
  const draft = edited ?? query.data;
  const setDraft = setEdited;
  const save = useConsoleMutation<TwoFactorPolicy>({
    request: (policy) => request("PUT /api/two_factor_policy", { body: policy }),
    success: "Two-factor requirement saved.",
    invalidate: [TWO_FACTOR_POLICY],
    // Requiring it of your own role sends you to enrolment at once.
    onSuccess: () => {
      setEdited(null);
      void client.invalidateQueries({ queryKey: ["me"] });
    },
  });
  if (!draft) return null;
  const changed = query.data && (draft.admin !== query.data.admin || draft.editor !== query.data.editor);
  return (
    <form
      className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="font-semibold text-navy-900">Require two-factor sign-in</legend>
        <p className="text-sm text-slate-600">
          Operators of a checked role without it are taken to set it up right after their password, and can do
          nothing else until they have.
        </p>
        {roles.map((role) => (
          <label key={role} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={`require-${role}`}
              checked={draft[role]}
              onChange={(e) => setDraft({ ...draft, [role]: e.target.checked })}
            />
            {role === "admin" ? "Admins" : "Editors"}
          </label>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="btn-secondary" disabled={!changed || save.isPending}>
          Save requirement
        </button>
      </div>
    </form>
  );
}

/**
 * "Reset two-factor" of another operator, asked first: `ask(operator)` opens the question, and only its
 * button voids their authenticator key and recovery codes and ends their sessions.
 */
export function useResetTwoFactor() {
  const [target, setTarget] = useState<OperatorRow | null>(null);
  const reset = useConsoleMutation<OperatorRow>({
    request: (o) => request("POST /api/operators/:id/two_factor/reset", { params: { id: o.id } }),
    success: "Two-factor sign-in reset; that operator's sessions have ended.",
    invalidate: [OPERATORS],
    onSuccess: () => setTarget(null),
  });
  const dialog = (
    <ConfirmModal
      open={target !== null}
      title={`Reset two-factor sign-in of ${target?.username ?? ""}?`}
      message="Their authenticator key and recovery codes stop working and every session of theirs ends. They sign in with their password and, if their role requires it, set up two-factor again."
      confirmLabel="Reset two-factor"
      busy={reset.isPending}
      onConfirm={() => target && reset.mutate(target)}
      onClose={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog };
}
