import type { ReactNode } from "react";

const TONES = {
  error: { role: "alert", className: "bg-red-50 text-red-800" },
  success: { role: "status", className: "bg-emerald-50 text-emerald-900" },
} as const;

/**
 * A form's own message, the one that belongs to no field: an error is an alert (read out at once), a success
 * a status. It takes focus when it appears (also on a page the server drew after a post without script), so a
 * screen reader reads it and the keyboard continues from the form.
 */
export function FormAlert({ tone = "error", children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  const { role, className } = TONES[tone];
  return (
    <div
      role={role}
      tabIndex={-1}
      autoFocus
      className={`space-y-2 rounded-lg px-3 py-2 text-sm ${className}`}
    >
      {children}
    </div>
  );
}
