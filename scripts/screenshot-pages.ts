/**
 * Full-page screenshots of the model and solution pages at 390 and 1280 px, to prove a refactor changes no
 * pixel. `npx tsx scripts/screenshot-pages.ts shoot <dir>` (needs `npm run build`) writes one PNG a page and
 * width; `npx tsx scripts/screenshot-pages.ts compare <dirA> <dirB>` compares them pixel by pixel.
 * SCREENSHOT_PATHS=/,/about-page shoots those paths instead of the model and solution pages.
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { CHROMIUM_ARGS } from "../tests/e2e/support/browser";
import { startServer } from "../tests/e2e/support/server";
import { botPages, gccPhases, managedTeamsPages } from "../shared/content/models";
import { solutions } from "../shared/content/solutions";

const WIDTHS = [390, 1280];
const paths = process.env.SCREENSHOT_PATHS?.split(",") ?? [
  "/details/features",
  ...gccPhases.map((p) => p.path),
  ...botPages.map((p) => p.path),
  ...managedTeamsPages.map((p) => p.path),
  ...solutions.map((s) => s.path),
];
const fileName = (path: string, width: number) => `${path.replace(/\W+/g, "_")}-${width}.png`;

async function shoot(dir: string) {
  mkdirSync(dir, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    for (const width of WIDTHS) {
      for (const path of paths) {
        // Carousels never auto-advance for reduced motion, so each shot shows their first slide.
        const page = await browser.newPage({ viewport: { width, height: 900 }, reducedMotion: "reduce" });
        await page.goto(`${server.url}${path}`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        // Below-the-fold sections skip rendering until scrolled to; show them as a reader would see them.
        await page.evaluate(() => {
          for (const el of document.querySelectorAll<HTMLElement>(".below-fold"))
            el.style.contentVisibility = "visible";
        });
        await page.waitForLoadState("networkidle");
        await page.screenshot({
          path: join(dir, fileName(path, width)),
          fullPage: true,
          animations: "disabled",
        });
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`${paths.length * WIDTHS.length} screenshots in ${dir}`);
}

async function compare(a: string, b: string) {
  let different = 0;
  const files = readdirSync(a).filter((f) => f.endsWith(".png"));
  for (const file of files) {
    const pixels = (dir: string) => sharp(join(dir, file)).raw().toBuffer({ resolveWithObject: true });
    const [left, right] = await Promise.all([pixels(a), pixels(b)]);
    const same =
      left.info.width === right.info.width &&
      left.info.height === right.info.height &&
      left.data.equals(right.data);
    if (!same) {
      different++;
      console.log(
        `DIFFERENT ${file}: ${left.info.width}x${left.info.height} vs ${right.info.width}x${right.info.height}`,
      );
    }
  }
  console.log(`${files.length - different} of ${files.length} screenshots pixel-identical`);
  if (different > 0) process.exitCode = 1;
}

const [command, ...dirs] = process.argv.slice(2);
if (command === "shoot" && dirs[0]) await shoot(dirs[0]);
else if (command === "compare" && dirs[0] && dirs[1]) await compare(dirs[0], dirs[1]);
else throw new Error("usage: screenshot-pages.ts shoot <dir> | compare <dirA> <dirB>");
