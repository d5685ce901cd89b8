import { describe, expect, it } from "vitest";
import { messagesFor } from "#app/lib/i18n/messages.ts";
import { commentInputSchema } from "#schemas/comment.ts";
import { commentProblems } from "./comment-fields";

const parse = (input: unknown) => commentInputSchema.safeParse(input);
const valid = { name: "Meera", email_id: "meera@example.com", comment: "Clear and practical." };

describe("commentProblems (the comment form's checks, with or without JavaScript)", () => {
  it("says 'All fields are required' when any is empty, and names each empty field", () => {
    expect(
      commentProblems({ ...valid, email_id: " ", comment: "" }, messagesFor("English"), parse, 6),
    ).toEqual({
      message: "All fields are required",
      errors: { email_id: "Enter your e-mail address", comment: "Write your comment" },
    });
  });

  it("gives the schema's words on an English post and the catalogue's on a Hindi one", () => {
    const wrong = { ...valid, email_id: "meera@" };
    expect(commentProblems(wrong, messagesFor("English"), parse, 6)).toEqual({
      errors: { email_id: "Enter a valid e-mail address" },
    });
    expect(commentProblems(wrong, messagesFor("Hindi"), parse, 6)).toEqual({
      errors: { email_id: "कृपया सही ईमेल पता लिखें" },
    });
    expect(commentProblems(valid, messagesFor("Hindi"), parse, 6)).toBeNull();
  });
});
