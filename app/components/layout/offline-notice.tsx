/**
 * What a page shows instead of its content while the browser is offline: root.tsx renders it once React
 * has hydrated, the inline loader (app/lib/defer-hydration.server.ts) inserts its markup before that.
 */
export function OfflineNotice() {
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <p role="alert" className="text-xl font-semibold text-navy-900">
        No internet connection
      </p>
    </main>
  );
}
