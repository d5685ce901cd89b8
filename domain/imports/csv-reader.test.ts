import { describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import { csvRecords, sniffDelimiter } from "./csv-reader";

/** The file in chunks of `size` bytes, as a request body arrives. */
async function* chunks(bytes: Buffer, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
async function read(input: string | Buffer, size = 7) {
  const records: string[][] = [];
  for await (const record of csvRecords(chunks(Buffer.from(input), size))) records.push(record);
  return records;
}
async function refusal(input: string | Buffer) {
  try {
    await read(input);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(422);
    return (error as HttpError).message;
  }
  throw new Error("read the file");
}

describe("csvRecords", () => {
  it("reads Excel's CSV UTF-8: byte order mark, semicolons, CRLF, quotes doubled, a line break in a cell", async () => {
    const excel = '\uFEFFName;Note\r\n"Rao; Meera";"She said ""call""\r\nin March"\r\nKiran;₹ 18,50,000\r\n';
    expect(await read(excel)).toEqual([
      ["Name", "Note"],
      ["Rao; Meera", 'She said "call"\r\nin March'],
      ["Kiran", "₹ 18,50,000"],
    ]);
  });

  it("reads Google Sheets' CSV: commas, LF, no final line break", async () => {
    expect(await read('Name,Note\n"Rao, Meera","two\nlines"\nKiran,x')).toEqual([
      ["Name", "Note"],
      ["Rao, Meera", "two\nlines"],
      ["Kiran", "x"],
    ]);
  });

  it("keeps a multi-byte character split across chunks, and empty lines as records (row numbers hold)", async () => {
    expect(await read("Name\n\nJosé ₹\n", 1)).toEqual([["Name"], [""], ["José ₹"]]);
  });

  it("keeps a quote inside an unquoted cell as text", async () => {
    expect(await read('Material\n12" pipes\n')).toEqual([["Material"], ['12" pipes']]);
  });

  it("refuses what is not UTF-8 CSV text, saying how to save it", async () => {
    expect(await refusal(Buffer.from([0xff, 0xfe, 0x4e, 0x00]))).toMatch(/UTF-16.*CSV UTF-8/);
    expect(await refusal(Buffer.from("PK\u0003\u0004..."))).toMatch(/workbook/);
    expect(await refusal(Buffer.from([0x4e, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a]))).toMatch(/not UTF-8/);
    expect(await refusal("Name\nA\u0000B\n")).toMatch(/NUL/);
    expect(await refusal('Name,Note\n"open,x\n')).toBe(
      "The file cannot be read near line 2: a quoted cell is never closed. Check that cell's quotes, or save the file again from the spreadsheet.",
    );
  });

  it("reads nothing from an empty file", async () => {
    expect(await read("")).toEqual([]);
  });
});

describe("sniffDelimiter", () => {
  it("takes the header line's most frequent separator, ignoring quoted ones", () => {
    expect(sniffDelimiter("a,b,c\n1;2;3;4;5")).toBe(",");
    expect(sniffDelimiter('"a,b";c;d\r\n')).toBe(";");
    expect(sniffDelimiter("a\tb\tc")).toBe("\t");
    expect(sniffDelimiter("single")).toBe(",");
  });
});
