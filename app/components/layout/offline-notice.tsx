/**
 * What a page shows over its content while the browser is offline: the spec's words and nothing else.
 * root.tsx renders it once React has hydrated (the page stays mounted underneath, hidden), the inline loader
 * (app/lib/defer-hydration.server.ts) inserts the same markup before that. A form whose submission waits for
 * the connection says so in the page underneath, seen again once the connection is back.
 */
export function OfflineNotice() {
  return (
    <main className="fixed inset-0 z-[100] grid place-items-center bg-white p-6">
      <p role="alert" className="text-xl font-semibold text-navy-900">
        No internet connection
      </p>
    </main>
  );
}
