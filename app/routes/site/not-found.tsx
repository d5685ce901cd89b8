import { data } from "react-router";
import { NotFoundContent } from "~/components/layout/not-found";
import { notFoundMeta } from "~/components/marketing/meta";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = notFoundMeta;

export default function NotFound() {
  return <NotFoundContent />;
}
