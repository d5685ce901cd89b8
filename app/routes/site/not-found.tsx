import { data } from "react-router";
import { NotFoundContent } from "#app/components/layout/not-found.tsx";
import { notFoundMeta } from "#app/components/marketing/meta.ts";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = notFoundMeta;

export default function NotFound() {
  return <NotFoundContent />;
}
