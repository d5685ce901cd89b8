import { request } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.ts";
import { contactRequests } from "#db/schema/index.ts";
import { treePids } from "#scripts/support/process.ts";
import { startServer, type RunningServer } from "./support/server";
import { itWith, serviceUrl } from "../support/services";

const enquiry = (i: number) => ({
  first_name: "Durable",
  last_name: `Writer ${i}`,
  email: `writer${i}@example.com`,
  message: `Acknowledged write number ${i}`,
  privacy_consent: true,
});

async function postEnquiries(server: RunningServer, count: number): Promise<number> {
  let acknowledged = 0;
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${server.url}/api/contact_requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(enquiry(i)),
    });
    if (res.status === 201) acknowledged++;
  }
  return acknowledged;
}

describe("server process", () => {
  it("refuses to start on a wrong setting with one clear line", async () => {
    const server = await startServer({ env: { PORT: "eighty" }, waitReady: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration: PORT must be a whole number (got "eighty")');
  });

  it("refuses to start on PostgreSQL without JWT_SECRET (instances must share one)", async () => {
    const server = await startServer({
      env: { JWT_SECRET: "", DATABASE_URL: "postgres://127.0.0.1:1/unused" },
      waitReady: false,
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      "Invalid configuration: JWT_SECRET is required with DATABASE_URL (at least 32 characters, the same on every instance)",
    );
  });

  it("creates the embedded database in a child process that has exited by the time the server is ready", async () => {
    const server = await startServer({ env: { LOG_LEVEL: "info" } });
    try {
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { pid: number; msg: string });
      const seeded = lines.find(
        (l) => l.msg === "new embedded database created and seeded with demo content",
      );
      expect(seeded, server.output()).toBeDefined();
      expect(seeded!.pid).not.toBe(server.pid);
      expect(treePids(server.pid)).toEqual([server.pid]);
      const home = await fetch(`${server.url}/blog`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("/blog/");
    } finally {
      await server.stop();
    }
  });

  it("on SIGTERM reports not-ready, finishes the in-flight request, then exits 0", async () => {
    const server = await startServer({ env: { SHUTDOWN_DELAY_MS: "1500" } });
    const body = JSON.stringify(enquiry(1));
    const half = Math.floor(body.length / 2);
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        `${server.url}/api/contact_requests`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => done({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", fail);
      req.write(body.slice(0, half));
      setTimeout(() => req.end(body.slice(half)), 2500);
    });
    await new Promise((r) => setTimeout(r, 300));
    server.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const result = await answer;
    expect(result.status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain("did not finish in time");
  });

  it("keeps every acknowledged write on the embedded database through kill -9", async () => {
    const server = await startServer();
    const acknowledged = await postEnquiries(server, 25);
    expect(acknowledged).toBe(25);
    server.process.kill("SIGKILL");
    await server.exited;

    const handle = await openDatabase({ kind: "pglite", dataDir: join(server.dataDir, "pglite") });
    try {
      expect(await handle.db.$count(contactRequests)).toBe(acknowledged);
    } finally {
      await handle.close();
    }
    const restarted = await startServer({ dataDir: server.dataDir });
    expect((await fetch(`${restarted.url}/`)).status).toBe(200);
    expect(await restarted.stop()).toBe(0);
  });

  // Skipped (and said so) where no PostgreSQL server is configured; under CI a missing one fails.
  itWith("TEST_DATABASE_URL", "keeps every acknowledged write on PostgreSQL through kill -9", async () => {
    const admin = new pg.Client({ connectionString: serviceUrl("TEST_DATABASE_URL") });
    await admin.connect();
    const name = `durability_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(serviceUrl("TEST_DATABASE_URL"));
    url.pathname = `/${name}`;
    try {
      const server = await startServer({ env: { DATABASE_URL: url.toString() } });
      const acknowledged = await postEnquiries(server, 25);
      server.process.kill("SIGKILL");
      await server.exited;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query("select count(*)::int as n from contact_requests");
      await client.end();
      expect(rows[0].n).toBe(acknowledged);
      expect(acknowledged).toBe(25);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
