import { useEffect, useState } from "react";
import type { TeamMember } from "#schemas/team.ts";
import { Fact } from "#app/components/ui/fact.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { MemberPortrait } from "./member-portrait";

/** Loads the member from /api/teams/{id}/ when opened; a failed load is logged and the card's data shown. */
export function MemberModal({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  // What was loaded, and for which id: a different id means "still loading".
  const [loaded, setLoaded] = useState<{ id: number; member: TeamMember } | null>(null);
  const id = member?.id;

  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    fetch(`/api/teams/${id}/`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`Error ${res.status}: ${res.statusText}`);
        return (await res.json()) as TeamMember;
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return null;
        console.warn("Could not load the team member", error);
        return null;
      })
      .then((loaded) => {
        if (!controller.signal.aborted && member) setLoaded({ id, member: loaded ?? member });
      });
    return () => controller.abort();
    // The member object is only the fallback; the id decides what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  // While closing (no id) the last member stays in the panel as it fades out.
  const shown = loaded && (id === undefined || loaded.id === id) ? loaded.member : null;
  return (
    <Modal
      open={member !== null}
      onClose={onClose}
      title="Team Member"
      busy={!shown}
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {!shown ? (
        <p role="status" className="py-10 text-center text-slate-600">
          Loading...
        </p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-[180px_minmax(0,1fr)]">
          <MemberPortrait
            member={shown}
            className="aspect-square w-40 rounded-xl bg-slate-100 object-cover sm:w-full"
          />
          <dl className="space-y-4">
            <Fact term="Name" valueClass="text-lg font-bold text-navy-900">
              {shown.name}
            </Fact>
            <Fact term="Position" valueClass="font-medium text-brand-700">
              {shown.position}
            </Fact>
            <Fact term="Description" valueClass="leading-relaxed text-slate-700">
              {shown.description || "No description available."}
            </Fact>
          </dl>
        </div>
      )}
    </Modal>
  );
}
