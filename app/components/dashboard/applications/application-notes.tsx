import { useState } from "react";
import { request } from "#app/lib/dashboard/api.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import type { ApplicationDetail } from "#schemas/application.ts";
import { ENDPOINT } from "./application";
import { NoteBox } from "#app/components/dashboard/kit/note-box.tsx";

/** The hiring team's notes on an application, with author and time, and a box to add one. */
export function ApplicationNotes({
  id,
  notes,
  anonymised,
}: {
  id: number;
  notes: ApplicationDetail["notes"];
  anonymised: boolean;
}) {
  const [note, setNote] = useState("");
  const addNote = useConsoleMutation<void>({
    request: () => request("POST /api/job_applications/:id/notes", { params: { id }, body: { text: note } }),
    success: "Note added.",
    invalidate: [ENDPOINT],
    onSuccess: () => setNote(""),
  });
  return (
    <div>
      <h3 className="font-medium text-slate-500">Notes</h3>
      {notes.length === 0 ? (
        <p className="mt-1 text-slate-600">No notes yet.</p>
      ) : (
        <ul className="mt-1 space-y-2">
          {notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-slate-50 p-3">
              <p className="whitespace-pre-wrap text-slate-900">{n.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.author}, {formatDateTime(n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!anonymised && (
        <div className="mt-3">
          <label htmlFor="application-note" className="block font-medium text-slate-700">
            Add a note
          </label>
          <NoteBox id="application-note" value={note} onChange={setNote} />
          <button
            type="button"
            className="btn-secondary mt-2"
            disabled={!note.trim() || addNote.isPending}
            onClick={() => addNote.mutate()}
          >
            Add note
          </button>
        </div>
      )}
    </div>
  );
}
