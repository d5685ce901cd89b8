import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { PIECE_BYTES, tarTree } from "./files";
import { isUnneededWal, segmentStart } from "./wal";
import { decodeHeader, directoryEntries, encodeHeader, endOfArchive, memoryEntry, readTar } from "./tar";

const root = mkdtempSync(join(tmpdir(), "gcc-tar-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A small tree with the sizes that matter to tar: empty, one block exactly, several pieces, a long path. */
function makeTree(dir: string) {
  const longDir = join(dir, "a".repeat(60), "b".repeat(60));
  mkdirSync(longDir, { recursive: true });
  mkdirSync(join(dir, "empty-dir"));
  const files: Record<string, Buffer> = {
    "empty.txt": Buffer.alloc(0),
    "block.bin": randomBytes(512),
    "big.bin": randomBytes(PIECE_BYTES * 2 + 17),
    [`${"a".repeat(60)}/${"b".repeat(60)}/deep.txt`]: Buffer.from("deep"),
  };
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, name), data);
  return files;
}

async function unpack(chunks: Iterable<Buffer>) {
  const found: Record<string, Buffer | "dir"> = {};
  for await (const entry of readTar(Readable.from(chunks))) {
    if (entry.type === "directory") {
      found[entry.name] = "dir";
      continue;
    }
    const parts: Buffer[] = [];
    for await (const part of entry.body) parts.push(part);
    found[entry.name] = Buffer.concat(parts);
  }
  return found;
}

describe("tar", () => {
  it("packs a directory and reads every file and directory back, byte for byte", async () => {
    const dir = join(root, "tree");
    const files = makeTree(dir);
    const chunks = [
      ...memoryEntry("manifest.json", Buffer.from("{}")),
      ...directoryEntries(dir, "pglite"),
      endOfArchive(),
    ];
    const found = await unpack(chunks);
    expect(found["manifest.json"]).toEqual(Buffer.from("{}"));
    expect(found["pglite"]).toBe("dir");
    expect(found["pglite/empty-dir"]).toBe("dir");
    for (const [name, data] of Object.entries(files)) {
      const got = found[`pglite/${name}`];
      expect(Buffer.isBuffer(got) && got.equals(data), name).toBe(true);
    }
  });

  it("refuses a damaged header, a truncated archive and entries that are not files or directories", async () => {
    const header = encodeHeader({ name: "x", type: "file", size: 3, mode: 0o600, mtime: 0 });
    const damaged = Buffer.from(header);
    damaged[0] = "y".charCodeAt(0);
    expect(() => decodeHeader(damaged)).toThrow(/checksum/);

    const whole = Buffer.concat([header, Buffer.from("abc"), Buffer.alloc(509), endOfArchive()]);
    await expect(unpack([whole.subarray(0, 512 + 2)])).rejects.toThrow(/truncated/);
    await expect(unpack([whole.subarray(0, 1024)])).rejects.toThrow(/without its end marker/);

    const link = Buffer.from(header);
    link[156] = "2".charCodeAt(0); // a symbolic link
    let sum = 0;
    link.fill(0x20, 148, 156);
    for (const byte of link) sum += byte;
    link.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, 8, "ascii");
    expect(() => decodeHeader(link)).toThrow(/neither a file nor a directory/);
  });
});

describe("copying a still data directory", () => {
  it("packs every file and directory into one file, leaving out the WAL segments recovery does not need", async () => {
    const from = join(root, "cluster");
    mkdirSync(join(from, "pg_wal", "archive_status"), { recursive: true });
    mkdirSync(join(from, "base", "1"), { recursive: true });
    writeFileSync(join(from, "PG_VERSION"), "18\n");
    writeFileSync(join(from, "base", "1", "1259"), randomBytes(PIECE_BYTES + 5));
    const segments = ["00000001000000000000000A", "00000001000000000000000B", "00000001000000000000000C"];
    for (const s of [...segments, "00000001000000000000000D"]) writeFileSync(join(from, "pg_wal", s), s);
    writeFileSync(join(from, "pg_wal", "00000002.history"), "history");

    const to = join(root, "snapshot.tar");
    const segmentBytes = 16 << 20;
    const needed = {
      first: segments[1]!,
      last: segments[2]!,
      redo: segmentStart(segments[1]!, segmentBytes),
      insert: segmentStart(segments[2]!, segmentBytes) + 1000,
      segmentBytes,
      pageBytes: 8192,
    };
    const copied = await tarTree(from, to, needed);
    const found = await unpack([readFileSync(to), endOfArchive()]);
    const relation = found["pglite/base/1/1259"];
    expect(Buffer.isBuffer(relation) && relation.equals(readFileSync(join(from, "base", "1", "1259")))).toBe(
      true,
    );
    expect(found["pglite/PG_VERSION"]?.toString()).toBe("18\n");
    expect(found["pglite/pg_wal/archive_status"]).toBe("dir");
    const wal = (name: string) => found[`pglite/pg_wal/${name}`]?.toString() ?? null;
    expect(segments.map(wal)).toEqual([null, segments[1], segments[2]]);
    expect(wal("00000001000000000000000D")).toBeNull();
    expect(wal("00000002.history")).toBe("history");
    expect(copied).toEqual({ files: 5, bytes: 3 + PIECE_BYTES + 5 + 24 * 2 + 7 });
  });

  it("knows which names are WAL segments", () => {
    const needed = { first: "000000010000000000000005", last: "000000010000000000000007" };
    expect(isUnneededWal("pg_wal/000000010000000000000004", needed)).toBe(true);
    expect(isUnneededWal("pg_wal/000000010000000000000005", needed)).toBe(false);
    expect(isUnneededWal("pg_wal/000000010000000000000008", needed)).toBe(true);
    expect(isUnneededWal("pg_wal/archive_status/000000010000000000000008.done", needed)).toBe(false);
    expect(isUnneededWal("base/000000010000000000000001", needed)).toBe(false);
  });
});
