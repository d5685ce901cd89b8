import { ArchiveRestore } from "lucide-react";
import { Link } from "react-router";
import { recentlyDeletedHref, trashTypeOfEndpoint } from "#schemas/trash.ts";

/** "Recently deleted", opened on the records of `endpoint`: shown wherever those records go to the trash. */
export function RecentlyDeletedLink({ endpoint }: { endpoint: string }) {
  const type = trashTypeOfEndpoint(endpoint);
  return type ? (
    // On a phone an icon (its name still read out), so the list's first rows fit above the fold.
    <Link to={recentlyDeletedHref(type)} className="btn-secondary max-sm:size-11 max-sm:p-0!">
      <ArchiveRestore aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">Recently deleted</span>
    </Link>
  ) : null;
}
