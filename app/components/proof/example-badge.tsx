/** Marks the demo's made-up records (case studies, testimonials, logos), so nobody takes them for real clients. */
export function ExampleBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900 ${className}`}
    >
      Example
    </span>
  );
}
