/** The spec's loading line while a client navigation fetches data. */
export function LoadingStatus({ text, overlay = false }: { text: string; overlay?: boolean }) {
  return (
    <p
      role="status"
      className={
        overlay
          ? "fixed left-1/2 top-20 z-50 -translate-x-1/2 rounded-full bg-navy-900 px-5 py-2 text-sm font-medium text-white shadow-lg"
          : "py-16 text-center text-lg font-medium text-slate-600"
      }
    >
      {text}
    </p>
  );
}
