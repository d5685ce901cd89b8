/**
 * Pixel comparison of two running sites (for example a build before and after a refactor):
 *
 *   npx tsx scripts/compare-screens.ts <originA> <originB> [--paths /a,/b] [--widths 390,1280]
 *     [--target both|page|main] [--out dir]
 *
 * Each path is opened on both origins in one headless Chromium, at each width (900 px tall viewport), with
 * reduced motion, animations, transitions and the caret off, lazy images loaded, below-the-fold sections
 * rendered, fonts ready and the network idle; then a full-page screenshot is taken. The `main` column compares
 * the `<main>` element's box cut from that same screenshot, so a change to the header or footer shows in the
 * page column only. Prints a Markdown table of path × width × differing pixels (a size difference counts
 * every pixel outside the common area) and exits 1 on any difference in the compared target(s).
 * `--out` keeps both screenshots, a diff image (red where pixels differ) and each side's `<main>` outerHTML
 * (React's useId values normalised; the `main HTML` column compares those).
 * Without `--paths`: every model and solution page of shared/content. CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import sharp from "sharp";
import { botPages, gccPhases, managedTeamsPages, modelOverviewRedirects } from "#shared/content/models.ts";
import { products } from "#shared/content/products.ts";
import { solutions } from "#shared/content/solutions.ts";

const DEFAULT_PATHS = [
  "/details/features",
  ...gccPhases.map((p) => p.path),
  ...Object.keys(modelOverviewRedirects),
  ...botPages.map((p) => p.path),
  ...managedTeamsPages.map((p) => p.path),
  ...solutions.map((s) => s.path),
  ...products.map((p) => p.path),
];

/** Nothing that moves or blinks; below-the-fold sections (content-visibility: auto) drawn as a reader sees them. */
const STILL_CSS = `*, *::before, *::after {
  animation: none !important; transition: none !important; caret-color: transparent !important; }
.below-fold { content-visibility: visible !important; }`;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

interface Shot {
  finalPath: string;
  status: number | undefined;
  png: Buffer;
  main: Raw | null;
  mainHtml: string;
}

async function shoot(browser: Browser, url: string, width: number): Promise<Shot> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: "networkidle" });
    await page
      .waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
        timeout: 15_000,
      })
      .catch(() => console.error(`not marked hydrated after 15 s: ${url}`));
    await page.addStyleTag({ content: STILL_CSS });
    await page.evaluate(async () => {
      const images = [...document.images];
      for (const img of images) img.loading = "eager";
      await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
      await document.fonts.ready;
    });
    await page.waitForLoadState("networkidle");
    const png = await page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
    const box = await page.evaluate(() => {
      const main = document.querySelector("main");
      if (!main) return null;
      const r = main.getBoundingClientRect();
      return { left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height };
    });
    // React's useId values follow the component tree, so a refactor renumbers them; they are never drawn.
    const mainHtml = (await page.evaluate(() => document.querySelector("main")?.outerHTML ?? "")).replace(
      /_R_[A-Za-z0-9]+_/g,
      "_R_id_",
    );
    return {
      finalPath: new URL(page.url()).pathname,
      status: response?.status(),
      png,
      main: box && (await cut(png, box)),
      mainHtml,
    };
  } finally {
    await context.close();
  }
}

async function raw(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The element's box (document pixels) cut from a full-page screenshot. */
async function cut(png: Buffer, box: { left: number; top: number; width: number; height: number }) {
  const image = await raw(png);
  const left = Math.max(0, Math.round(box.left));
  const top = Math.max(0, Math.round(box.top));
  const width = Math.min(image.width - left, Math.round(box.width));
  const height = Math.min(image.height - top, Math.round(box.height));
  if (width <= 0 || height <= 0) return null;
  return raw(await sharp(png).extract({ left, top, width, height }).png().toBuffer());
}

/** Pixels that differ: within the common area, and every pixel of either image outside it. */
function compare(a: Raw, b: Raw): { differing: number; mask: Buffer; width: number; height: number } {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const mask = Buffer.alloc(width * height * 4, 255);
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inA = x < a.width && y < a.height;
      const inB = x < b.width && y < b.height;
      const ia = (y * a.width + x) * 4;
      const ib = (y * b.width + x) * 4;
      const same = inA && inB && a.data.readUInt32BE(ia) === b.data.readUInt32BE(ib);
      const at = (y * width + x) * 4;
      if (same) {
        // Identical pixels faded, so the differing ones stand out.
        for (let c = 0; c < 3; c++) mask[at + c] = 200 + Math.round(a.data[ia + c]! / 5);
      } else if (inA || inB) {
        differing++;
        mask[at] = 255;
        mask[at + 1] = 0;
        mask[at + 2] = 0;
      }
    }
  }
  return { differing, mask, width, height };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    paths: { type: "string" },
    widths: { type: "string", default: "390,1280" },
    target: { type: "string", default: "both" },
    out: { type: "string" },
  },
});
const [originA, originB] = positionals;
const target = values.target;
if (!originA || !originB || !["both", "page", "main"].includes(target)) {
  console.error(
    "usage: compare-screens.ts <originA> <originB> [--paths /a,/b] [--widths 390,1280] [--target both|page|main] [--out dir]",
  );
  process.exit(2);
}
const paths = values.paths ? values.paths.split(",") : DEFAULT_PATHS;
const widths = values.widths.split(",").map(Number);
if (values.out) mkdirSync(values.out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--font-render-hinting=none"],
});
const rows: string[] = [];
let failed = 0;
try {
  for (const width of widths) {
    for (const path of paths) {
      const a = await shoot(browser, new URL(path, originA).href, width);
      const b = await shoot(browser, new URL(path, originB).href, width);
      const [pageA, pageB] = await Promise.all([raw(a.png), raw(b.png)]);
      const page = compare(pageA, pageB);
      const main = a.main && b.main ? compare(a.main, b.main) : null;
      const mainDiffering = main ? main.differing : Number.NaN;
      const htmlSame = a.mainHtml === b.mainHtml;
      const differs =
        (target !== "main" && page.differing > 0) || (target !== "page" && !(mainDiffering === 0));
      if (differs) failed++;
      const answered = (s: Shot) => `${s.status ?? "?"}${s.finalPath === path ? "" : ` → ${s.finalPath}`}`;
      rows.push(
        `| ${path} | ${width} | ${answered(a)} | ${answered(b)} | ${pageA.width}×${pageA.height} | ${pageB.width}×${pageB.height} | ${page.differing} | ${main ? main.differing : "no main"} | ${htmlSame ? "same" : "differs"} |`,
      );
      console.error(rows.at(-1));
      if (values.out) {
        const name = `${path.replace(/\W+/g, "_")}-${width}`;
        writeFileSync(join(values.out, `${name}-a.png`), a.png);
        writeFileSync(join(values.out, `${name}-b.png`), b.png);
        writeFileSync(join(values.out, `${name}-a.main.html`), a.mainHtml);
        writeFileSync(join(values.out, `${name}-b.main.html`), b.mainHtml);
        for (const [kind, diff] of [
          ["page", page],
          ["main", main],
        ] as const) {
          if (!diff || diff.differing === 0) continue;
          await sharp(diff.mask, { raw: { width: diff.width, height: diff.height, channels: 4 } })
            .png()
            .toFile(join(values.out, `${name}-${kind}-diff.png`));
        }
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`A: ${originA}\nB: ${originB}\n`);
console.log(
  "| Path | Width | A answered | B answered | A size | B size | Page: differing px | main: differing px | main HTML |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(row);
console.log(
  `\n${rows.length - failed} of ${rows.length} pixel-identical (${target === "both" ? "page and main" : target})`,
);
process.exit(failed > 0 ? 1 : 0);
