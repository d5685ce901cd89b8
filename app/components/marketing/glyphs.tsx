/**
 * The few stroke glyphs of the home page and its carousels, drawn inline so the home page does not pull
 * shared icon chunks (each costs a request and ~250 bytes of gzip overhead). Other pages use lucide-react.
 */
const paths = {
  "arrow-right": "M5 12h14M13 6l6 6-6 6",
  "arrow-down": "M12 5v14M6 13l6 6 6-6",
  "chevron-left": "M15 18l-6-6 6-6",
  "chevron-right": "M9 18l6-6-6-6",
  pause: "M8 5v14M16 5v14",
  play: "M7 4.5v15L19 12z",
} as const;

export function Glyph({ name, className = "size-4" }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={paths[name]} />
    </svg>
  );
}
