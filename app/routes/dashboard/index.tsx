import { Navigate, useOutletContext } from "react-router";
import { homeFor } from "#app/components/dashboard/nav.ts";
import type { Me } from "#app/lib/dashboard/me.ts";

/** `/dashboard` opens the first screen the operator's role may open (the role is known once signed in). */
export default function ConsoleIndex() {
  const me = useOutletContext<Me>();
  return <Navigate to={homeFor(me.role)} replace />;
}
