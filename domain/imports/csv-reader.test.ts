import { describe, expect, it } from "vitest";
import { DomainError } from "../errors";
import { readCsv, sniffDelimiter } from "./csv-reader";

const LIMITS = { maxRows: 10_000, maxColumns: 200 };
/** Every record of the file, header first: the header and the rows readCsv keeps, blank rows as [""]. */
function read(input: string | Buffer) {
  const { headers, rows } = readCsv(Buffer.from(input), LIMITS);
  return headers === null ? [] : [headers, ...rows.map((row) => row.cells)];
}
function refusal(input: string | Buffer) {
  try {
    read(input);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { code, message, fields } = error as DomainError;
    expect({ code, fields }).toEqual({ code: "unprocessable", fields: { file: message } });
    return message;
  }
  throw new Error("read the file");
}

describe("readCsv", () => {
  it("reads Excel's CSV UTF-8: byte order mark, semicolons, CRLF, quotes doubled, a line break in a cell", () => {
    const excel = '\uFEFFName;Note\r\n"Rao; Meera";"She said ""call""\r\nin March"\r\nKiran;₹ 18,50,000\r\n';
    expect(read(excel)).toEqual([
      ["Name", "Note"],
      ["Rao; Meera", 'She said "call"\r\nin March'],
      ["Kiran", "₹ 18,50,000"],
    ]);
  });

  it("reads Google Sheets' CSV: commas, LF, no final line break", () => {
    expect(read('Name,Note\n"Rao, Meera","two\nlines"\nKiran,x')).toEqual([
      ["Name", "Note"],
      ["Rao, Meera", "two\nlines"],
      ["Kiran", "x"],
    ]);
  });

  it("skips blank rows but keeps the spreadsheet's row numbers", () => {
    expect(readCsv(Buffer.from("Name\n\nJosé ₹\n , \nKiran\n"), LIMITS)).toEqual({
      headers: ["Name"],
      rows: [
        { sheetRow: 3, cells: ["José ₹"] },
        { sheetRow: 5, cells: ["Kiran"] },
      ],
      count: 2,
    });
  });

  it("keeps a quote inside an unquoted cell as text", () => {
    expect(read('Material\n12" pipes\n')).toEqual([["Material"], ['12" pipes']]);
  });

  it("refuses what is not UTF-8 CSV text, saying how to save it", () => {
    expect(refusal(Buffer.from([0xff, 0xfe, 0x4e, 0x00]))).toMatch(/UTF-16.*CSV UTF-8/);
    expect(refusal(Buffer.from("PK\u0003\u0004..."))).toMatch(/workbook/);
    expect(refusal(Buffer.from([0x4e, 0x0a, 0x4a, 0x6f, 0x73, 0xe9, 0x0a]))).toMatch(/not UTF-8/);
    expect(refusal("Name\nA\u0000B\n")).toMatch(/NUL/);
    expect(refusal('Name,Note\n"open,x\n')).toBe(
      "The file cannot be read near line 2: a quoted cell is never closed. Check that cell's quotes, or save the file again from the spreadsheet.",
    );
  });

  it("keeps text after a cell's closing quote in the cell, as spreadsheets read it", () => {
    expect(read('Name,Note\n"12"" pipes" and more,x\n')).toEqual([
      ["Name", "Note"],
      ['12" pipes and more', "x"],
    ]);
  });

  it("keeps at most maxRows rows and counts the rest", () => {
    const upload = readCsv(Buffer.from(`Name\n${"Asha\n".repeat(12)}`), { maxRows: 10, maxColumns: 5 });
    expect(upload.rows).toHaveLength(10);
    expect(upload.count).toBe(12);
  });

  it("refuses a header row of more columns than an import reads, and a row longer than 100,000 characters", () => {
    expect(() => readCsv(Buffer.from("a,b,c\n1,2,3\n"), { maxRows: 10, maxColumns: 2 })).toThrow(
      "The file has 3 columns; an import reads at most 2. Remove the columns you do not import.",
    );
    expect(refusal(`Name\n${"x".repeat(100_001)}\n`)).toBe(
      "The file cannot be read near line 2: a row is longer than 1,00,000 characters, usually a quote that is never closed.",
    );
  });

  it("reads each character once: 4.9 MB of blank lines, of one-letter rows or of CRs in under 3 s", () => {
    // Stryker's instrumented copy runs tens of times slower: 100 KB there (quadratic would still take minutes).
    const size = process.env.MUTATION_TESTING ? 100_000 : 4_900_000;
    for (const line of ["\n", "x\n", "\r"]) {
      const started = performance.now();
      readCsv(Buffer.from(`Name\n${line.repeat(size / line.length)}`), LIMITS);
      expect(performance.now() - started).toBeLessThan(3_000);
    }
  });

  it("reads old Mac line ends (CR alone) and counts blank CRLF and CR lines as rows", () => {
    expect(read("Name,Note\rRao,a\rKiran,b")).toEqual([
      ["Name", "Note"],
      ["Rao", "a"],
      ["Kiran", "b"],
    ]);
    expect(readCsv(Buffer.from("Name\n\n\nRao\r\n\r\nKiran\r\n\r\rAsha\r\n"), LIMITS).rows).toEqual([
      { sheetRow: 4, cells: ["Rao"] },
      { sheetRow: 6, cells: ["Kiran"] },
      { sheetRow: 9, cells: ["Asha"] },
    ]);
  });

  it("keeps empty cells, a quoted one at the end of the text, and a cell that is only a quoted empty text", () => {
    expect(read('Name,Note,City\nRao,,\n"",x,"Pune"')).toEqual([
      ["Name", "Note", "City"],
      ["Rao", "", ""],
      ["", "x", "Pune"],
    ]);
  });

  it("takes the first row that is not blank as the header, naming blank names by position", () => {
    expect(readCsv(Buffer.from(",,\n\n Name , ,City\nRao,x,Pune\n"), LIMITS)).toEqual({
      headers: ["Name", "Column 2", "City"],
      rows: [{ sheetRow: 4, cells: ["Rao", "x", "Pune"] }],
      count: 1,
    });
  });

  it("names the line of a problem after cells that span lines", () => {
    expect(refusal('Name,Note\n"two\nlines",x\n"\nthree\nlines",y\n\n"open,x\n')).toBe(
      "The file cannot be read near line 8: a quoted cell is never closed. Check that cell's quotes, or save the file again from the spreadsheet.",
    );
  });

  it("reads a row of exactly 100,000 characters, quoted or not, and refuses a longer quoted one", () => {
    const longest = "x".repeat(100_000);
    expect(read(`Name\n${longest}\n"${longest}"\n`)).toEqual([["Name"], [longest], [longest]]);
    expect(read(`Name\n${longest}`)).toEqual([["Name"], [longest]]);
    expect(read(`Name,Note\n"${"x".repeat(50_000)}",${"y".repeat(50_000)}\n`)[1]).toHaveLength(2);
    expect(refusal(`Name\n"${"x".repeat(100_001)}"\n`)).toBe(
      "The file cannot be read near line 2: a row is longer than 1,00,000 characters, usually a quote that is never closed.",
    );
    expect(refusal(`Name,Note\n"${"x".repeat(50_000)}",${"y".repeat(50_001)}\n`)).toMatch(
      /near line 2: a row is longer/,
    );
  });

  it("takes the delimiter from the header line's first 64 KB", () => {
    const header = `Name;Note;${"x".repeat(70_000)},,,,`;
    expect(read(`${header}\na;b;c\n`)).toEqual([
      ["Name", "Note", `${"x".repeat(70_000)},,,,`],
      ["a", "b", "c"],
    ]);
  });

  it("reads a header of exactly maxColumns columns", () => {
    expect(readCsv(Buffer.from("a,b,c\n1,2,3\n"), { maxRows: 10, maxColumns: 3 }).headers).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("refuses big-endian UTF-16 and a NUL at the very start, and reads text that only starts like a workbook", () => {
    expect(refusal(Buffer.from([0xfe, 0xff, 0x00, 0x4e]))).toMatch(/UTF-16.*CSV UTF-8/);
    expect(refusal(Buffer.from("\u0000Name\n"))).toMatch(/NUL/);
    for (const start of [
      [0xff, 0x41],
      [0x41, 0xfe],
      [0xfe, 0x41],
      [0x41, 0xff],
    ])
      expect(refusal(Buffer.from([...start, 0x0a]))).toMatch(/^The file is not UTF-8 text/);
    for (const start of ["PK\u0003,", "PKG\u0004", "PQ\u0003\u0004", "QK\u0003\u0004"])
      expect(read(`${start}\n1\n`)[0]).toEqual([
        start.replace(/,$/, ""),
        ...(start.endsWith(",") ? ["Column 2"] : []),
      ]);
  });

  it("reads nothing from an empty file", () => {
    expect(read("")).toEqual([]);
  });
});

describe("sniffDelimiter", () => {
  it("takes the header line's most frequent separator, ignoring quoted ones", () => {
    expect(sniffDelimiter("a,b,c\n1;2;3;4;5")).toBe(",");
    expect(sniffDelimiter('"a,b";c;d\r\n')).toBe(";");
    expect(sniffDelimiter("a\tb\tc")).toBe("\t");
    expect(sniffDelimiter("single")).toBe(",");
  });

  it("prefers the comma on a tie and looks at the header line only, whatever its line end", () => {
    expect(sniffDelimiter("a,b;c")).toBe(",");
    expect(sniffDelimiter("a;b\tc")).toBe(";");
    expect(sniffDelimiter("a;b\rc,d,e,f")).toBe(";");
    expect(sniffDelimiter("a;b\nc,d,e,f")).toBe(";");
    expect(sniffDelimiter('"line\nbreak, and more";b\n1,2,3,4')).toBe(";");
    expect(sniffDelimiter('"line\rbreak";b\r1,2,3,4')).toBe(";");
  });
});
