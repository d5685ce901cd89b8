import { Controller, type Control } from "react-hook-form";
import { Field } from "#app/components/dashboard/field.tsx";
import { formatDateTime, fromIndiaInput, isFuture } from "#shared/india-time.ts";
import type { FormOutput, FormValues } from "./post";

/** A published post whose publication time is still to come goes public then (the list shows it as Scheduled). */
export const isScheduled = (status: string | undefined, publishedAt: unknown) =>
  status === "published" && typeof publishedAt === "string" && publishedAt !== "" && isFuture(publishedAt);

/** The publication time, entered and shown in India time, saying when a scheduled post goes public. */
export function SchedulingField({
  control,
  scheduled,
  error,
}: {
  control: Control<FormValues, unknown, FormOutput>;
  scheduled: boolean;
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name="published_at"
      render={({ field }) => (
        <Field
          label="Publication date and time (India time)"
          name="published_at"
          type="datetime-local"
          hint={
            scheduled
              ? `Scheduled: goes public on ${formatDateTime(String(field.value))}.`
              : "Empty: the time you publish. A future time schedules the post."
          }
          value={typeof field.value === "string" ? field.value.slice(0, 16) : ""}
          onChange={(e) => field.onChange(fromIndiaInput(e.target.value))}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}
