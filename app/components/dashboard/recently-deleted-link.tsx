import { ArchiveRestore } from "lucide-react";
import { Link } from "react-router";
import { recentlyDeletedHref, trashTypeOfEndpoint } from "#schemas/trash.ts";

/** "Recently deleted", opened on the records of `endpoint`: shown wherever those records go to the trash. */
export function RecentlyDeletedLink({ endpoint }: { endpoint: string }) {
  const type = trashTypeOfEndpoint(endpoint);
  return type ? (
    <Link to={recentlyDeletedHref(type)} className="btn-secondary">
      <ArchiveRestore aria-hidden="true" className="size-4" /> Recently deleted
    </Link>
  ) : null;
}
