/** The console's busy indicator; announced as a status when it has a label. */
export function Spinner({ label }: { label?: string }) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label ? <span>{label}</span> : null}
    </span>
  );
}

/** What stands for data not loaded yet: the spinner with its label, or the alert once loading failed. */
export function Loading({ label, failed, failure }: { label: string; failed: boolean; failure: string }) {
  return failed ? <p role="alert">{failure}</p> : <Spinner label={label} />;
}
