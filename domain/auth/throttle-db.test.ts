import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#db/client.ts";
import { knownSignInAddresses, loginThrottle } from "#db/schema/index.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createSignInThrottle, FAILURE_WINDOW_MS, KNOWN_ADDRESS_MS } from "./throttle";

// The throttle's rules on a database, at a clock the test sets (only Date is faked: the database still runs).
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(loginThrottle);
  await handle.db.delete(knownSignInAddresses);
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T10:00:00Z") });
});
afterEach(() => void vi.useRealTimers());

const T0 = new Date("2026-03-02T10:00:00Z").getTime();
const at = (ms: number) => vi.setSystemTime(T0 + ms);
const row = async (key: string) =>
  (await handle.db.select().from(loginThrottle).where(eq(loginThrottle.key, key)))[0];

describe("reserve", () => {
  it("lets five failures of an account from an address through, then locks for 1, 2, 4 seconds", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 5; i++)
      expect(await throttle.reserve("asha", "10.0.0.1")).toMatchObject({ ok: true });
    // The fifth failure-to-be locked the keys for a second: the sixth waits, and is not counted.
    expect(await throttle.reserve("asha", "10.0.0.1")).toEqual({ ok: false, waitSeconds: 1 });
    expect(await row("pair:asha@10.0.0.1")).toMatchObject({
      failures: 5,
      lockedUntil: new Date(T0 + 1_000),
      updatedAt: new Date(T0),
    });
    at(1_000);
    expect(await throttle.reserve("asha", "10.0.0.1")).toMatchObject({ ok: true });
    expect(await row("user:asha")).toMatchObject({ failures: 6, lockedUntil: new Date(T0 + 3_000) });
    at(1_500);
    expect(await throttle.reserve("asha", "10.0.0.1")).toEqual({ ok: false, waitSeconds: 2 });
    at(2_999);
    expect(await throttle.reserve("asha", "10.0.0.1")).toEqual({ ok: false, waitSeconds: 1 });
  });

  it("answers the attempt it counted, with its keys and time", async () => {
    const throttle = createSignInThrottle(handle.db);
    at(42);
    expect(await throttle.reserve("asha", "10.0.0.1")).toEqual({
      ok: true,
      attempt: {
        username: "asha",
        address: "10.0.0.1",
        keys: { pair: "pair:asha@10.0.0.1", user: "user:asha", ip: "ip:10.0.0.1" },
        at: T0 + 42,
      },
    });
    for (const key of ["pair:asha@10.0.0.1", "user:asha", "ip:10.0.0.1"])
      expect(await row(key)).toMatchObject({ failures: 1, recentFailures: [T0 + 42], lockedUntil: null });
  });

  it("forgets failures older than fifteen minutes", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 4; i++) await throttle.reserve("asha", "10.0.0.1");
    at(FAILURE_WINDOW_MS - 1);
    await throttle.reserve("asha", "10.0.0.1");
    expect(await row("user:asha")).toMatchObject({ failures: 5 });
    at(FAILURE_WINDOW_MS + 2_000);
    expect(await throttle.reserve("asha", "10.0.0.1")).toMatchObject({ ok: true });
    expect(await row("user:asha")).toMatchObject({
      failures: 2,
      recentFailures: [T0 + FAILURE_WINDOW_MS - 1, T0 + FAILURE_WINDOW_MS + 2_000],
    });
  });

  it("holds an account back from every address, and an address for every account", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 5; i++) await throttle.reserve("asha", `10.0.0.${i + 1}`);
    expect(await throttle.reserve("asha", "10.0.0.99")).toEqual({ ok: false, waitSeconds: 1 });
    for (let i = 0; i < 5; i++) await throttle.reserve(`user${i}`, "10.9.9.9");
    expect(await throttle.reserve("ravi", "10.9.9.9")).toEqual({ ok: false, waitSeconds: 1 });
    expect(await throttle.reserve("ravi", "10.0.0.99")).toMatchObject({ ok: true });
  });

  it("lets an address the account signed in from through an attack on the account, but not its own failures", async () => {
    const throttle = createSignInThrottle(handle.db);
    const first = await throttle.reserve("asha", "10.0.0.1");
    if (!first.ok) throw new Error("the first attempt is free");
    await throttle.succeeded(first.attempt);
    for (let i = 0; i < 5; i++) await throttle.reserve("asha", `10.0.1.${i}`);
    expect(await throttle.reserve("asha", "10.0.2.1")).toEqual({ ok: false, waitSeconds: 1 });
    expect(await throttle.reserve("asha", "10.0.0.1")).toMatchObject({ ok: true });
    // Known for ninety days only: not at the ninetieth day's last moment.
    await throttle.reserve("asha", "10.0.2.1");
    at(KNOWN_ADDRESS_MS);
    for (let i = 0; i < 5; i++) await throttle.reserve("asha", `10.0.3.${i}`);
    expect(await throttle.reserve("asha", "10.0.0.1")).toEqual({ ok: false, waitSeconds: 1 });
  });

  it("a known address is still held back by its own pair's failures", async () => {
    const throttle = createSignInThrottle(handle.db);
    const first = await throttle.reserve("asha", "10.0.0.1");
    if (!first.ok) throw new Error("the first attempt is free");
    await throttle.succeeded(first.attempt);
    for (let i = 0; i < 5; i++) await throttle.reserve("asha", "10.0.0.1");
    expect(await throttle.reserve("asha", "10.0.0.1")).toEqual({ ok: false, waitSeconds: 1 });
  });
  it("counts a failure exactly fifteen minutes old out of the window", async () => {
    const throttle = createSignInThrottle(handle.db);
    await throttle.reserveKey("2fa:asha");
    at(FAILURE_WINDOW_MS);
    await throttle.reserveKey("2fa:asha");
    expect(await row("2fa:asha")).toMatchObject({ failures: 1, recentFailures: [T0 + FAILURE_WINDOW_MS] });
  });
});

describe("succeeded", () => {
  it("clears the pair, gives the account and the address their attempt back, and unlocks below five", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 4; i++) await throttle.reserve("asha", `10.0.0.${i + 2}`);
    at(10);
    await throttle.reserve("ravi", "10.0.0.1");
    at(20);
    const mine = await throttle.reserve("asha", "10.0.0.1");
    if (!mine.ok) throw new Error("not locked yet");
    expect(await row("user:asha")).toMatchObject({ failures: 5, lockedUntil: new Date(T0 + 1_020) });
    await throttle.succeeded(mine.attempt);
    expect(await row("pair:asha@10.0.0.1")).toBeUndefined();
    expect(await row("user:asha")).toMatchObject({
      failures: 4,
      recentFailures: [T0, T0, T0, T0],
      lockedUntil: null,
    });
    expect(await row("ip:10.0.0.1")).toMatchObject({ failures: 1, recentFailures: [T0 + 10] });
    expect(await row("pair:ravi@10.0.0.1")).toMatchObject({ failures: 1 });
    expect(await handle.db.select().from(knownSignInAddresses)).toEqual([
      { username: "asha", address: "10.0.0.1", lastSignInAt: new Date(T0 + 20) },
    ]);
  });

  it("keeps a lock while five failures remain, and moves a known address's date on", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 6; i++) {
      at(i * 2_000);
      await throttle.reserve("asha", `10.0.0.${i + 2}`);
    }
    const before = (await row("user:asha"))!.lockedUntil;
    expect(before).not.toBeNull();
    at(11_000);
    const first = await throttle.reserve("asha", "10.0.0.1");
    expect(first).toEqual({ ok: false, waitSeconds: 1 });
    at(12_000);
    const mine = await throttle.reserve("asha", "10.0.0.1");
    if (!mine.ok) throw new Error("the lock ran out");
    await throttle.succeeded(mine.attempt);
    expect(await row("user:asha")).toMatchObject({ failures: 6, lockedUntil: new Date(T0 + 12_000 + 4_000) });
    at(60_000);
    const again = await throttle.reserve("asha", "10.0.0.1");
    if (!again.ok) throw new Error("a known address");
    await throttle.succeeded(again.attempt);
    expect(await handle.db.select().from(knownSignInAddresses)).toEqual([
      { username: "asha", address: "10.0.0.1", lastSignInAt: new Date(T0 + 60_000) },
    ]);
  });
});

describe("succeeded, on its edges", () => {
  it("keeps the lock when exactly five failures remain", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 5; i++) {
      at(i * 2_000);
      await throttle.reserve("asha", `10.0.0.${i + 2}`);
    }
    at(12_000);
    const mine = await throttle.reserve("asha", "10.0.0.1");
    if (!mine.ok) throw new Error("the lock ran out");
    await throttle.succeeded(mine.attempt);
    expect(await row("user:asha")).toMatchObject({ failures: 5, lockedUntil: new Date(T0 + 14_000) });
  });

  it("gives its attempt back when it was the first one counted", async () => {
    const throttle = createSignInThrottle(handle.db);
    const mine = await throttle.reserve("asha", "10.0.0.7");
    at(5);
    await throttle.reserve("ravi", "10.0.0.7");
    if (!mine.ok) throw new Error("free");
    await throttle.succeeded(mine.attempt);
    expect(await row("ip:10.0.0.7")).toMatchObject({ failures: 1, recentFailures: [T0 + 5] });
    expect(await row("user:asha")).toMatchObject({ failures: 0, recentFailures: [] });
  });
});

describe("reserveKey and clearKey", () => {
  it("count a second factor's failures under its key alone, with the same backoff, until cleared", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 5; i++) expect(await throttle.reserveKey("2fa:asha")).toBe(0);
    expect(await throttle.reserveKey("2fa:asha")).toBe(1);
    expect(await handle.db.select({ key: loginThrottle.key }).from(loginThrottle)).toEqual([
      { key: "2fa:asha" },
    ]);
    await throttle.clearKey("2fa:asha");
    expect(await throttle.reserveKey("2fa:asha")).toBe(0);
    expect(await row("2fa:asha")).toMatchObject({ failures: 1 });
  });
});

describe("cleanUp", () => {
  it("removes rows with no failure in the window and no lock, and addresses unused for ninety days", async () => {
    const throttle = createSignInThrottle(handle.db);
    for (let i = 0; i < 5; i++) await throttle.reserve("asha", "10.0.0.1");
    at(1);
    const ok = await throttle.reserve("ravi", "10.0.0.2");
    if (!ok.ok) throw new Error("free");
    await throttle.succeeded(ok.attempt);
    // A long lock outlives the window.
    await handle.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(T0 + FAILURE_WINDOW_MS + 60_000) })
      .where(eq(loginThrottle.key, "user:asha"));
    await throttle.cleanUp(T0 + FAILURE_WINDOW_MS);
    expect((await handle.db.select().from(loginThrottle)).length).toBe(5);
    await throttle.cleanUp(T0 + FAILURE_WINDOW_MS + 2);
    expect(
      (await handle.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key),
    ).toEqual(["user:asha"]);
    await throttle.cleanUp(T0 + FAILURE_WINDOW_MS + 60_001);
    expect(await handle.db.select().from(loginThrottle)).toEqual([]);
    await throttle.cleanUp(T0 + 1 + KNOWN_ADDRESS_MS);
    expect(await handle.db.select().from(knownSignInAddresses)).toHaveLength(1);
    await throttle.cleanUp(T0 + 2 + KNOWN_ADDRESS_MS);
    expect(await handle.db.select().from(knownSignInAddresses)).toEqual([]);
  });

  it("runs at most once a minute on sign-ins, again after a clock set back, and never fails one", async () => {
    const throttle = createSignInThrottle(handle.db);
    const cleanUp = vi.spyOn(throttle, "cleanUp");
    await throttle.cleanUpNowAndThen();
    await throttle.cleanUpNowAndThen();
    at(59_999);
    await throttle.cleanUpNowAndThen();
    expect(cleanUp.mock.calls).toEqual([[T0]]);
    at(60_000);
    cleanUp.mockRejectedValueOnce(new Error("database unreachable"));
    await throttle.cleanUpNowAndThen();
    at(30_000);
    await throttle.cleanUpNowAndThen();
    expect(cleanUp.mock.calls).toEqual([[T0], [T0 + 60_000], [T0 + 30_000]]);
  });
});
