import { eq, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { importValueAnswers } from "#db/schema/index.ts";
import type { ImportField, ImportPlan, ImportSpec, ValueAnswers } from "#schemas/imports.ts";
import { foldValue } from "#schemas/import-values.ts";
import { DomainError } from "../errors";

/** The plan's answers, each checked: a choice field of the list, and one of its options. */
function checkedAnswers(spec: ImportSpec, plan: ImportPlan) {
  const byName = new Map(spec.fields.map((f) => [f.name, f]));
  return plan.answers.map((answer) => {
    const field: ImportField | undefined = byName.get(answer.field);
    if (!field?.options) {
      const choices = spec.fields.filter((f) => f.options).map((f) => f.name);
      const message = `answers: "${answer.field}" is no choice field of ${spec.plural}; use one of ${choices.join(", ")}.`;
      throw new DomainError("invalid", message, { fields: { answers: message } });
    }
    if (!field.options.some((o) => o.value === answer.value)) {
      const message = `answers: "${answer.value}" is not a ${field.label.toLowerCase()}; use one of: ${field.options.map((o) => o.value).join(", ")}.`;
      throw new DomainError("invalid", message, { fields: { answers: message } });
    }
    return { ...answer, folded: foldValue(answer.text) };
  });
}

/**
 * The answers a check or commit reads values with: those remembered for this list, then the plan's own
 * (which win). Answers a plan's answer that is no option of its field with an invalid error.
 */
export async function answersFor(via: Database, spec: ImportSpec, plan: ImportPlan): Promise<ValueAnswers> {
  const answers: ValueAnswers = new Map();
  const put = (field: string, folded: string, value: string) => {
    if (!answers.has(field)) answers.set(field, new Map());
    answers.get(field)!.set(folded, value);
  };
  const stored = await via.select().from(importValueAnswers).where(eq(importValueAnswers.type, spec.type));
  const options = new Map(spec.fields.map((f) => [f.name, f.options]));
  // An answer whose option has gone since (a renamed choice) is not applied.
  for (const a of stored)
    if (options.get(a.field)?.some((o) => o.value === a.value)) put(a.field, a.folded, a.value);
  for (const a of checkedAnswers(spec, plan)) put(a.field, a.folded, a.value);
  return answers;
}

/** Remembers the plan's answers for the next import of this list (in the commit's transaction). */
export async function rememberAnswers(tx: Database, spec: ImportSpec, plan: ImportPlan, by: string) {
  const rows = checkedAnswers(spec, plan).map((a) => ({
    type: spec.type,
    field: a.field,
    folded: a.folded,
    text: a.text,
    value: a.value,
    updatedBy: by,
  }));
  if (rows.length === 0) return;
  await tx
    .insert(importValueAnswers)
    .values(rows)
    .onConflictDoUpdate({
      target: [importValueAnswers.type, importValueAnswers.field, importValueAnswers.folded],
      set: {
        value: sql`excluded.value`,
        text: sql`excluded.text`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
}
