import { describe, expect, it } from "vitest";
import { csvDateTime } from "#shared/india-time.ts";
import { toCsv, unescapeCell } from "./csv";
import { readCsv } from "./imports/csv-reader";

describe("toCsv", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["line\nbreak", 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });

  it("quotes a cell that holds a semicolon, the separator of spreadsheets in many locales", () => {
    expect(toCsv(["a", "b"], [["x;y", "plain"]])).toBe('a,b\r\n"x;y",plain\r\n');
  });

  it("neutralises formula text after a separator inside a cell, as a reader splitting on ; or , sees it", () => {
    const hostile = [
      'Acme;=HYPERLINK("http://evil.example/claim","Open")',
      "Pune,+91 1",
      "a;@SUM(1)",
      "b;-2+3",
      "c,\t=1",
      "d;\r=1",
      "e; =1",
    ];
    const csv = toCsv(
      ["v"],
      hostile.map((v) => [v]),
    );
    // A spreadsheet in a ;-locale splits each line on ";" (quotes count only at a piece's start), a
    // naive reader on ",": no piece may start as a formula.
    for (const piece of csv.split(/\r\n/).flatMap((line) => line.split(/[;,]/)))
      expect(piece.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
    expect(csv).toContain(`"Acme;'=HYPERLINK(""http://evil.example/claim"",""Open"")"`);
    // An import of the exported file reads back what was exported.
    const read = readCsv(Buffer.from(csv), { maxRows: 100, maxColumns: 5 });
    const cells = read.rows.map((row) => unescapeCell(row.cells[0]!));
    expect(cells).toEqual(hostile);
  });

  it("neutralises every cell a spreadsheet would run as a formula", () => {
    const hostile = [
      "=HYPERLINK(1)",
      "+1",
      "@cmd",
      "-2+3",
      "\t=1",
      "\r=1",
      "+91 90000 00049",
      "+44 20 7946 0000",
      "=cmd|' /C calc'!A0",
    ];
    const lines = toCsv(
      ["v"],
      hostile.map((v) => [v]),
    )
      .split(/\r\n(?=[^\r\n]|$)/)
      .slice(1, -1);
    expect(lines).toEqual([
      "'=HYPERLINK(1)",
      "'+1",
      "'@cmd",
      "'-2+3",
      "'\t=1",
      `"'\r=1"`,
      "'+91 90000 00049",
      "'+44 20 7946 0000",
      "'=cmd|' /C calc'!A0",
    ]);
    for (const line of lines) expect(line.replace(/^"/, "")).toMatch(/^'/);
  });

  it("writes an Indian mobile as digit groups a spreadsheet keeps as text and cannot run", () => {
    const csv = toCsv(["Phone number"], [["+919000000049"]]);
    expect(csv).toBe("Phone number\r\n91 90000 00049\r\n");
    expect(csv.split("\r\n")[1]).not.toMatch(/^[=+\-@\t\r']/);
  });

  it("writes moments in India time to the minute, whether a Date or an ISO string", () => {
    expect(
      toCsv(
        ["d", "s", "day", "n"],
        [[new Date("2026-07-06T10:37:53.249Z"), "2026-12-31T20:00:00.000Z", "2026-07-06", null]],
      ),
    ).toBe("d,s,day,n\r\n2026-07-06 16:07,2027-01-01 01:30,2026-07-06,\r\n");
    expect(csvDateTime(new Date("2026-01-01T18:29:00Z"))).toBe("2026-01-01 23:59");
    expect(csvDateTime(new Date("2026-01-01T18:30:00Z"))).toBe("2026-01-02 00:00");
  });

  it("leaves numbers as numbers, negative ones included", () => {
    expect(toCsv(["n"], [[-2], [1500000]])).toBe("n\r\n-2\r\n1500000\r\n");
  });
});
