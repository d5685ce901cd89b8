// Its own module, outside the marketing chunk: the home page shows headings but loads none of the page kit.
export function SectionHeading({
  eyebrow,
  title,
  text,
  id,
  center = false,
  light = false,
}: {
  eyebrow?: string;
  title: string;
  text?: string | readonly string[];
  id?: string;
  center?: boolean;
  light?: boolean;
}) {
  return (
    <div className={center ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
      {eyebrow && (
        <p
          className={`text-sm font-semibold uppercase tracking-[0.14em] ${light ? "text-accent-400" : "text-brand-700"}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight md:text-4xl ${light ? "text-white" : "text-navy-900"}`}
      >
        {title}
      </h2>
      {(typeof text === "string" ? [text] : (text ?? [])).map((paragraph) => (
        <p
          key={paragraph}
          className={`mt-4 text-lg leading-relaxed ${light ? "text-slate-200" : "text-slate-600"}`}
        >
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** A titled section of a marketing page: its heading (`${id}-heading`) labels it; the content follows. */
