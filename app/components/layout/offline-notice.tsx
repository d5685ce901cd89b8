import { useWaitingSubmissions, WAITING_TO_SEND } from "../../lib/send-when-online";

/**
 * What a page shows over its content while the browser is offline: root.tsx renders it once React has
 * hydrated (the page stays mounted underneath, hidden), the inline loader (app/lib/defer-hydration.server.ts)
 * inserts its markup before that.
 */
export function OfflineNotice() {
  const waiting = useWaitingSubmissions();
  return (
    <main className="fixed inset-0 z-[100] grid place-items-center bg-white p-6">
      <p role="alert" className="text-xl font-semibold text-navy-900">
        No internet connection
      </p>
      {/* Out of the grid's flow: the spec's words stay exactly where the inline loader puts them. */}
      {waiting > 0 && (
        <p role="status" className="absolute inset-x-6 top-[calc(50%+2rem)] text-center text-slate-700">
          {WAITING_TO_SEND}
        </p>
      )}
    </main>
  );
}
