// No zod here: the public job page checks required answers with this module and must stay light.

export const questionTypes = ["text", "yes_no", "choice"] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionTypeLabels: Record<QuestionType, string> = {
  text: "Short text",
  yes_no: "Yes or no",
  choice: "One choice",
};

/** A question a job asks its candidates, as stored with the job (its id names the form field). */
export interface JobQuestion {
  id: string;
  label: string;
  type: QuestionType;
  required: boolean;
  /** The options of a "one choice" question; empty for the other types. */
  choices: string[];
}

/** A candidate's answer, stored with the question as it was asked (the job's questions may change later). */
export interface ApplicationAnswer {
  question: string;
  answer: string;
}

export const MAX_JOB_QUESTIONS = 5;
export const MAX_ANSWER_LENGTH = 1000;
export const YES_NO = ["Yes", "No"] as const;

/** The form field that carries the answer to a question. */
export const answerField = (id: string) => `answer_${id}`;
export const ANSWER_FIELD = /^answer_[a-z0-9]{1,16}$/;

/**
 * Checks the answers to a job's questions (`read` gives a field's value): each required one answered, a yes/no
 * or one-choice answer one of its options, text within MAX_ANSWER_LENGTH. Answers every question in order,
 * unanswered optional ones as "".
 */
export function checkAnswers(
  questions: readonly JobQuestion[],
  read: (field: string) => string | undefined,
): { answers: ApplicationAnswer[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const answers = questions.map((q) => {
    const field = answerField(q.id);
    const value = (read(field) ?? "").trim();
    const options: readonly string[] | null =
      q.type === "yes_no" ? YES_NO : q.type === "choice" ? q.choices : null;
    if (!value) {
      if (q.required)
        errors[field] =
          q.type === "text"
            ? "Answer this question"
            : q.type === "yes_no"
              ? "Choose yes or no"
              : "Choose one of the options";
    } else if (options && !options.includes(value)) {
      errors[field] = q.type === "yes_no" ? "Choose yes or no" : "Choose one of the options";
    } else if (value.length > MAX_ANSWER_LENGTH) {
      errors[field] = `Keep the answer under ${MAX_ANSWER_LENGTH.toLocaleString("en-US")} characters`;
    }
    return { question: q.label, answer: value };
  });
  return { answers, errors };
}
