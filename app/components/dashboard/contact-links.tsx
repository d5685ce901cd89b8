import { telHref } from "#app/lib/text.ts";
import { formatPhone } from "#schemas/phone.ts";

const linkClass = "text-brand-700 underline underline-offset-2";

/** A phone number shown in one format ("+91 98765 43210") that dials when tapped. */
export function PhoneLink({
  phone,
  className = `whitespace-nowrap ${linkClass}`,
}: {
  phone: string;
  className?: string;
}) {
  if (!phone) return <>—</>;
  return (
    <a href={telHref(phone)} className={className}>
      {formatPhone(phone)}
    </a>
  );
}

/** An e-mail address that opens the mail app when tapped. */
// A long address breaks where it must rather than widening a phone's card.
export function EmailLink({
  email,
  className = `[overflow-wrap:anywhere] ${linkClass}`,
}: {
  email: string;
  className?: string;
}) {
  if (!email) return <>—</>;
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  );
}
