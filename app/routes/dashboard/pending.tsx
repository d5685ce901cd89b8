import { useLocation } from "react-router";
import { consoleNav } from "~/components/dashboard/nav";

export function meta() {
  return [{ title: "Console | GCC View 360" }];
}

/** Directory screens that are not built yet say so plainly instead of showing an empty table. */
export default function PendingScreen() {
  const { pathname } = useLocation();
  const label = consoleNav.flatMap((s) => s.items).find((i) => i.path === pathname)?.label ?? "This screen";
  return (
    <section>
      <h1 className="text-2xl font-bold text-navy-900">{label}</h1>
      <p className="mt-4 max-w-xl rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
        {label} for the logistics directory is not available in this release yet. The records exist and are kept safe; this screen will list and edit them.
      </p>
    </section>
  );
}
