import { data } from "react-router";
import { NotFoundContent } from "~/components/layout/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found | GCC View 360" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
