import { describe, expect, it } from "vitest";
import { createWorkQueue } from "./work-queue";

describe("image work queue", () => {
  it("runs one task at a time in arrival order, and refuses more than may wait with 503", async () => {
    const queue = createWorkQueue(1, 2, "The server is busy with other images. Try again in a minute.");
    const order: string[] = [];
    const gates: Record<string, () => void> = {};
    const task = (name: string) => () =>
      new Promise<string>((done) => {
        order.push(`start ${name}`);
        gates[name] = () => {
          order.push(`end ${name}`);
          done(name);
        };
      });
    const a = queue.run(task("a"));
    const b = queue.run(task("b"));
    const c = queue.run(task("c"));
    await expect(queue.run(task("d"))).rejects.toMatchObject({
      code: "busy",
      message: "The server is busy with other images. Try again in a minute.",
    });
    expect(queue.stats()).toEqual({ active: 1, waiting: 2, peak: 1 });
    await Promise.resolve();
    gates.a!();
    await a;
    await new Promise((r) => setTimeout(r, 0));
    gates.b!();
    await b;
    await new Promise((r) => setTimeout(r, 0));
    gates.c!();
    expect(await c).toBe("c");
    expect(order).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(queue.stats()).toEqual({ active: 0, waiting: 0, peak: 1 });
  });

  it("frees the slot when a task fails", async () => {
    const queue = createWorkQueue(1, 1, "busy");
    await expect(queue.run(() => Promise.reject(new Error("bad image")))).rejects.toThrow("bad image");
    expect(await queue.run(async () => "next")).toBe("next");
    expect(queue.stats()).toEqual({ active: 0, waiting: 0, peak: 1 });
  });
});
