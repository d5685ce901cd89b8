import { describe, expect, it } from "vitest";
import { csvDateTime } from "#shared/india-time.ts";
import { CSV_BOM, toCsv as writeCsv, unescapeCell } from "./csv";
import { readCsv } from "./imports/csv-reader";

/** The file's text after its byte order mark, which every file must start with. */
function toCsv(...args: Parameters<typeof writeCsv>) {
  const csv = writeCsv(...args);
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  return csv.slice(CSV_BOM.length);
}

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
      "+91 1",
      "+4420+7946",
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
      "'+91 1",
      "'+4420+7946",
      "'=cmd|' /C calc'!A0",
    ]);
    for (const line of lines) expect(line.replace(/^"/, "")).toMatch(/^'/);
  });

  it("writes phones with their + and numbers with a leading zero as text Excel and Google Sheets keep", () => {
    const csv = toCsv(
      ["Phone number"],
      [["+919000000049"], ["+44 20 7946 0000"], ["+91-98765-43210"], ["09876543210"], ["919876543210"]],
    );
    expect(csv).toBe(
      'Phone number\r\n"=""+91 90000 00049"""\r\n"=""+44 20 7946 0000"""\r\n"=""+91-98765-43210"""\r\n"=""09876543210"""\r\n"=""919876543210"""\r\n',
    );
  });

  it("puts no quote before text that is no formula: a negative number, a dash inside a cell", () => {
    expect(toCsv(["v"], [["-5"], ["-2.5"], ["Pune - Mumbai"], ["a-b"]])).toBe(
      "v\r\n-5\r\n-2.5\r\nPune - Mumbai\r\na-b\r\n",
    );
  });

  it("never writes a formula that holds anything but the text it keeps", () => {
    const hostile = ['+91 1") & HYPERLINK("x', "+91 98765;=1", '0"&1', "+919000000049,=2"];
    expect(
      toCsv(
        ["v"],
        hostile.map((v) => [v]),
      )
        .split("\r\n")
        .slice(1, -1),
    ).toEqual([`"'+91 1"") & HYPERLINK(""x"`, `"'+91 98765;'=1"`, `"0""&1"`, `"'+919000000049,'=2"`]);
  });

  it("reads its own file back unchanged: Hindi and Tamil names, phones, formulas, the mark dropped", () => {
    const rows = [
      ["राजेश कुमार", "+919876543210", "चेन्नई, तमिलनाडु"],
      ["முருகன் செல்வம்", "+916380012345", '=HYPERLINK("http://evil.example")'],
      ["Asha Rao", "09876543210", "-5"],
      ["Ravi; Sons", "+91 98765 43210", "@cmd"],
    ];
    const csv = writeCsv(["Name", "Phone", "Note"], rows);
    const bytes = Buffer.from(csv);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const read = readCsv(bytes, { maxRows: 100, maxColumns: 5 });
    expect(read.headers).toEqual(["Name", "Phone", "Note"]);
    const cells = read.rows.map((row) => row.cells.map(unescapeCell));
    expect(cells).toEqual([
      ["राजेश कुमार", "+91 98765 43210", "चेन्नई, तमिलनाडु"],
      ["முருகன் செல்வம்", "+91 63800 12345", '=HYPERLINK("http://evil.example")'],
      ["Asha Rao", "09876543210", "-5"],
      ["Ravi; Sons", "+91 98765 43210", "@cmd"],
    ]);
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
