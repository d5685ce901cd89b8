/** A customer's or lead's name over their company (or "—"). */
export function NameOverCompany({ name, company }: { name: string; company: string }) {
  return (
    <div>
      <div className="font-medium text-navy-900">{name}</div>
      <div className="text-xs text-slate-600">{company || "—"}</div>
    </div>
  );
}
