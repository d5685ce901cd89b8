import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

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

  it("neutralises spreadsheet formulas", () => {
    expect(toCsv(["v"], [["=HYPERLINK(1)"], ["+1"], ["@cmd"], ["-2"]])).toBe(
      "v\r\n'=HYPERLINK(1)\r\n'+1\r\n'@cmd\r\n'-2\r\n",
    );
  });

  it("writes dates as ISO and empty values as empty cells", () => {
    expect(toCsv(["d", "n"], [[new Date("2026-01-02T03:04:05Z"), null]])).toBe(
      "d,n\r\n2026-01-02T03:04:05.000Z,\r\n",
    );
  });
});
