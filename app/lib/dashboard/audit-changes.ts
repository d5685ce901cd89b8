/**
 * The audit log's "Changed fields": the field names whose values differ between an entry's before and
 * after. An entry may keep only the changed fields and a name (a blog post's), long text as a digest.
 */
export function changedFields(before: unknown, after: unknown): string {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return "";
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return Object.keys(a)
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]) && k !== "updatedAt")
    .join(", ");
}
