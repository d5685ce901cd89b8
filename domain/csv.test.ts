import { describe, expect, it } from "vitest";
import { csvDateTime } from "../shared/india-time";
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
