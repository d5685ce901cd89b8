import { describe, expect, it } from "vitest";
import {
  median,
  medianOfRounds,
  parseWrk,
  renderTable,
  type Column,
  type WrkResult,
} from "./bench-wordpress-table";

const wrkOutput = (rps: string, p99: string, extra = "") => `Running 5s test @ http://127.0.0.1:8081/
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   650.12ms  120.40ms   1.20s    70.00%
    Req/Sec    49.10     10.00    60.00     80.00%
  Latency Distribution
     50%  640.00ms
     75%  700.00ms
     90%  800.00ms
     99%  ${p99}
  246 requests in 5.01s, 2.50MB read
${extra}Requests/sec:     ${rps}
Transfer/sec:    510.00KB
`;

const result = (rps: number, p99Ms: number): WrkResult => ({
  rps,
  p99Ms,
  requests: 10,
  non2xx: 0,
  errors: 0,
});

describe("parseWrk", () => {
  it("reads req/s, p99 in any unit, the request count and what failed", () => {
    expect(parseWrk(wrkOutput("49.10", "1.10s"))).toEqual({
      rps: 49.1,
      p99Ms: 1100,
      requests: 246,
      non2xx: 0,
      errors: 0,
    });
    expect(parseWrk(wrkOutput("27076.51", "812.00us")).p99Ms).toBeCloseTo(0.812);
    const failed = parseWrk(
      wrkOutput(
        "40.00",
        "2.00s",
        "  Socket errors: connect 0, read 2, write 0, timeout 3\n  Non-2xx or 3xx responses: 7\n",
      ),
    );
    expect(failed).toMatchObject({ errors: 5, non2xx: 7 });
  });

  it("has no p99 when nothing answered, and refuses output that is not wrk's", () => {
    expect(parseWrk(wrkOutput("0.00", "0.00us").replace("246 requests", "0 requests")).p99Ms).toBeNaN();
    expect(() => parseWrk("wrk: command not found")).toThrow(/could not read/);
  });
});

describe("median", () => {
  it("takes the middle of an odd count, the upper middle of an even one, NaN of none", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([40, 10, 30, 20])).toBe(30);
    expect(median([])).toBeNaN();
  });

  it("of rounds: median req/s and median p99 each, failures summed", () => {
    const rounds = [result(100, 9), { ...result(300, 1), non2xx: 2 }, { ...result(200, 5), errors: 1 }];
    expect(medianOfRounds(rounds)).toEqual({ rps: 200, p99Ms: 5, requests: 30, non2xx: 2, errors: 1 });
  });

  it("of rounds: a round in which nothing answered counts as the slowest p99", () => {
    const none = { ...result(0, NaN), requests: 0 };
    expect(medianOfRounds([result(1, 4860), none, none]).p99Ms).toBe(Infinity);
    expect(medianOfRounds([result(1, 4860), result(2, 4000), none]).p99Ms).toBe(4860);
  });
});

describe("renderTable", () => {
  const load = { home: result(27076, 2.4), "blog list": result(42.2, 1234), post: result(39, Infinity) };
  const ours: Column = {
    name: "ours",
    load,
    htmlBrotli: { home: 9113, "blog list": 8602, post: 9216 },
    htmlSent: {
      home: { bytes: 9113, encoding: "br" },
      "blog list": { bytes: 8602, encoding: "br" },
      post: { bytes: 9216, encoding: "br" },
    },
    js: {
      home: { bytes: 1024, files: 2, inline: 1 },
      "blog list": { bytes: 2048, files: 3, inline: 0 },
      post: { bytes: 4096, files: 4, inline: 1 },
    },
    lighthouse: {
      home: { performance: 98, lcpMs: 1500, tbtMs: 0 },
      "blog list": { performance: 97, lcpMs: 1600, tbtMs: 20 },
      post: { performance: 96, lcpMs: 1700, tbtMs: 130 },
    },
  };

  it("puts a column per server and a row per figure, and 'same' where a part was measured once", () => {
    const table = renderTable([ours, { name: "WordPress + nginx cache", load }]).split("\n");
    expect(table[0]).toBe("| | ours | WordPress + nginx cache |");
    expect(table[1]).toBe("|---|---:|---:|");
    expect(table).toContain("| home: req/s | 27,076 | 27,076 |");
    expect(table).toContain("| blog list: p99 | 1.23 s | 1.23 s |");
    expect(table).toContain("| home: p99 | 2.4 ms | 2.4 ms |");
    expect(table).toContain("| post: p99 | no answer | no answer |");
    expect(table).toContain("| HTML brotli, KB (home / blog / post) | 8.9 / 8.4 / 9.0 | same |");
    expect(table).toContain("| HTML as sent, KB | 8.9 br / 8.4 br / 9.0 br | same |");
    expect(table).toContain(
      "| JavaScript gzip, KB (files + inline) | 1.0 (2 + 1) / 2.0 (3 + 0) / 4.0 (4 + 1) | same |",
    );
    expect(table).toContain("| Lighthouse TBT | 0.0 ms / 20 ms / 130 ms | – |");
    expect(table).toContain("| Lighthouse LCP | 1.50 s / 1.60 s / 1.70 s | – |");
  });
});
