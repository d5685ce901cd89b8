import { afterEach, describe, expect, it } from "vitest";
import { currentToasts, dismissToast, toast, TOAST_DURATION_MS } from "./toast";

afterEach(() => currentToasts().forEach((t) => dismissToast(t.id)));

describe("toast", () => {
  // Only the constant: ToastCard's timer that reads it needs a DOM, which the unit tests do not have.
  it("sets the toast duration constant to the spec's 1600 ms", () => {
    expect(TOAST_DURATION_MS).toBe(1600);
  });

  it("queues plain, success and error toasts with their type", () => {
    toast("Saved draft");
    toast.success("Comment submitted successfully!");
    const id = toast.error("Failed to submit comment");
    expect(currentToasts().map((t) => [t.type, t.message])).toEqual([
      ["default", "Saved draft"],
      ["success", "Comment submitted successfully!"],
      ["error", "Failed to submit comment"],
    ]);
    dismissToast(id);
    expect(currentToasts()).toHaveLength(2);
  });

  it("shows at most five, dropping the oldest", () => {
    for (let i = 1; i <= 7; i++) toast(`message ${i}`);
    expect(currentToasts().map((t) => t.message)).toEqual([
      "message 3",
      "message 4",
      "message 5",
      "message 6",
      "message 7",
    ]);
  });

  it("carries an action for the console's toaster and forgets the toast once dismissed", () => {
    const undo = () => {};
    const id = toast.success("Truck deleted.", { action: { label: "Undo", onClick: undo } });
    toast("Driver deleted.");
    expect(currentToasts().map((t) => [t.message, t.action?.label])).toEqual([
      ["Truck deleted.", "Undo"],
      ["Driver deleted.", undefined],
    ]);
    dismissToast(id);
    dismissToast(id);
    expect(currentToasts().map((t) => t.message)).toEqual(["Driver deleted."]);
  });
});
