import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "#app/lib/toast.tsx";
import {
  importSpecs,
  type ImportBatch,
  type ImportCheck,
  type ImportType,
  type StagedImport,
} from "#schemas/imports.ts";
import { Modal } from "../modal";
import { Spinner } from "../spinner";
import { CheckRows } from "./check-rows";
import {
  AnswersApplied,
  choiceKey,
  FixValues,
  initialChoices,
  type Choices,
  type Unrecognised,
} from "./fix-values";
import { ChooseFile, tooLargeMessage } from "./choose-file";
import { checkRows, commitImport, IMPORTS, uploadFile, type Plan } from "./import-api";
import { ImportProgress, ImportResult } from "./import-result";
import { MapColumns } from "./map-columns";
import { RecentImports, saveFailedRows } from "./recent-imports";
import { useUndoImport } from "./use-undo-import";

type Step =
  | { name: "choose" }
  | { name: "map"; staged: StagedImport; plan: Plan }
  | {
      name: "fix";
      staged: StagedImport;
      plan: Plan;
      check: ImportCheck;
      list: Unrecognised[];
      choices: Choices;
    }
  | { name: "check"; staged: StagedImport; plan: Plan; check: ImportCheck }
  | { name: "import"; done: number; total: number }
  | { name: "done"; batch: ImportBatch; message: string };

const STEP_TITLES = {
  choose: "Choose a file",
  map: "Match the columns",
  fix: "Fix values",
  check: "Check the rows",
  import: "Importing",
  done: "Done",
} as const;

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : "Something went wrong; try again.";

/** A step's heading: it takes focus when the step appears, so a screen reader hears where the dialog is. */
function StepHeading({ step }: { step: Step["name"] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);
  const number = Object.keys(STEP_TITLES).indexOf(step) + 1;
  return (
    <h3 ref={heading} tabIndex={-1} className="mb-3 text-base font-semibold text-navy-900 outline-none">
      Step {Math.min(number, 5)} of 5: {STEP_TITLES[step]}
    </h3>
  );
}

/** The rows with problems of an upload as its last check saw them (also when every row fails). */
function FailedRowsButton({ staged, invalid }: { staged: StagedImport; invalid: number }) {
  if (invalid === 0) return null;
  return (
    <button
      type="button"
      className="btn-secondary justify-self-start"
      onClick={() => void saveFailedRows(staged)}
    >
      Download the {invalid === 1 ? "row" : `${invalid.toLocaleString("en-IN")} rows`} with problems
    </button>
  );
}

/**
 * "Import CSV" of a console list: choose a file, match its columns (by meaning), say what the values it
 * did not recognise mean (remembered), check the rows (a dry run
 * with each bad cell's message), import them in one transaction with progress, then download the failed
 * rows or undo. Recent imports, with Undo, are listed under the file input.
 */
export default function ImportDialog({ type, onClose }: { type: ImportType; onClose: () => void }) {
  const spec = importSpecs[type];
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "choose" });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([spec.endpoint, IMPORTS].map((key) => client.invalidateQueries({ queryKey: [key] })));
  const undo = useUndoImport((batch) => setStep((s) => (s.name === "done" ? { ...s, batch } : s)));

  async function run(label: string, work: () => Promise<void>) {
    setBusy(label);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  const upload = (file: File) => {
    const tooLarge = tooLargeMessage(file);
    if (tooLarge) return setError(tooLarge);
    void run(file.name, async () => {
      const staged = await uploadFile(type, file);
      setStep({
        name: "map",
        staged,
        plan: { mapping: staged.mapping, mode: "update", answers: [], create_members: false },
      });
    });
  };
  // Values nothing recognised are asked about first (unless they were just answered).
  const check = (staged: StagedImport, plan: Plan, answered = false) =>
    run("Checking the rows…", async () => {
      const result = await checkRows(staged.id, plan);
      if (!answered && result.unrecognised.length > 0)
        setStep({
          name: "fix",
          staged,
          plan,
          check: result,
          list: result.unrecognised,
          choices: initialChoices(result.unrecognised),
        });
      else setStep({ name: "check", staged, plan, check: result });
    });
  // Already on the mapping step: the rows this mapping would refuse (a check stores the plan the file reads).
  const downloadProblems = (staged: StagedImport, plan: Plan) =>
    run("Finding the rows with problems…", async () => {
      await checkRows(staged.id, plan);
      await saveFailedRows(staged);
    });
  const answer = (staged: StagedImport, plan: Plan, list: Unrecognised[], choices: Choices) => {
    const given = list
      .filter((u) => choices[choiceKey(u)])
      .map((u) => ({ field: u.field, text: u.text, value: choices[choiceKey(u)]! }));
    const kept = plan.answers.filter((a) => !given.some((g) => g.field === a.field && g.text === a.text));
    return check(staged, { ...plan, answers: [...kept, ...given] }, true);
  };
  const commit = (staged: StagedImport, plan: Plan, check: ImportCheck) =>
    run("Importing…", async () => {
      setStep({ name: "import", done: 0, total: staged.row_count });
      try {
        const { batch, message } = await commitImport(staged.id, plan, (done, total) =>
          setStep({ name: "import", done, total }),
        );
        setStep({ name: "done", batch, message });
        toast.success(message);
        await refresh();
      } catch (e) {
        // Nothing was imported: back to the checked rows, with what went wrong.
        setStep({ name: "check", staged, plan, check });
        throw e;
      }
    });

  let body: ReactNode;
  let footer: ReactNode;
  const back = (to: Step) => (
    <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => setStep(to)}>
      Back
    </button>
  );
  if (step.name === "choose") {
    body = (
      <>
        <ChooseFile spec={spec} reading={busy} error={error} onFile={upload} />
        <section aria-labelledby="recent-imports" className="mt-6 grid gap-2">
          <h3 id="recent-imports" className="font-semibold text-navy-900">
            Recent imports
          </h3>
          <RecentImports type={type} onUndo={undo.ask} />
        </section>
      </>
    );
  } else if (step.name === "map") {
    const { staged, plan } = step;
    body = (
      <div className="grid gap-4">
        <MapColumns
          spec={spec}
          staged={staged}
          plan={plan}
          onPlan={(next) => setStep({ ...step, plan: next })}
        />
        <button
          type="button"
          className="btn-secondary justify-self-start"
          disabled={busy !== null}
          onClick={() => void downloadProblems(staged, plan)}
        >
          Download the rows with problems
        </button>
      </div>
    );
    footer = (
      <>
        {back({ name: "choose" })}
        <button
          type="button"
          className="btn-primary"
          disabled={busy !== null}
          onClick={() => void check(staged, plan)}
        >
          Check rows
        </button>
      </>
    );
  } else if (step.name === "fix") {
    const { staged, plan, check: result, list, choices } = step;
    body = (
      <div className="grid gap-4">
        <FixValues
          spec={spec}
          staged={staged}
          unrecognised={list}
          choices={choices}
          onChoices={(next) => setStep({ ...step, choices: next })}
        />
        <FailedRowsButton staged={staged} invalid={result.counts.invalid} />
      </div>
    );
    footer = (
      <>
        {back({ name: "map", staged, plan })}
        <button
          type="button"
          className="btn-primary"
          disabled={busy !== null}
          onClick={() => void answer(staged, plan, list, choices)}
        >
          Apply and check rows
        </button>
      </>
    );
  } else if (step.name === "check") {
    const { staged, plan, check: result } = step;
    const writes = result.counts.new + result.counts.updated;
    body = (
      <div className="grid gap-4">
        <CheckRows spec={spec} staged={staged} plan={plan} check={result} />
        <AnswersApplied
          spec={spec}
          check={result}
          onChange={(all) =>
            setStep({ name: "fix", staged, plan, check: result, list: all, choices: initialChoices(all) })
          }
        />
        <FailedRowsButton staged={staged} invalid={result.counts.invalid} />
      </div>
    );
    footer = (
      <>
        {back({ name: "map", staged, plan })}
        <button
          type="button"
          className="btn-primary"
          disabled={busy !== null || writes === 0}
          onClick={() => void commit(staged, plan, result)}
        >
          {writes === 0
            ? "Nothing to import"
            : `Import ${writes.toLocaleString("en-IN")} ${writes === 1 ? "row" : "rows"}`}
        </button>
      </>
    );
  } else if (step.name === "import") {
    body = <ImportProgress done={step.done} total={step.total} />;
  } else {
    body = <ImportResult batch={step.batch} message={step.message} onUndo={() => undo.ask(step.batch)} />;
    footer = (
      <button type="button" className="btn-primary" onClick={onClose}>
        Close
      </button>
    );
  }

  return (
    <>
      <Modal
        open
        onClose={onClose}
        title={`Import ${spec.plural} from CSV`}
        kind="create"
        busy={step.name === "import"}
        footer={footer}
      >
        <StepHeading step={step.name} />
        {body}
        {error && step.name !== "choose" ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {error}
          </p>
        ) : null}
        {busy && step.name !== "choose" && step.name !== "import" ? (
          <p className="mt-4 text-sm text-slate-700">
            <Spinner label={busy} />
          </p>
        ) : null}
      </Modal>
      {undo.dialog}
    </>
  );
}
