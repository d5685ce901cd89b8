import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const path of ["/blog", "/Careers-page", "/about-page", "/blog/1"]) {
  const row: string[] = [path];
  for (const port of [4802]) {
    const base = `http://127.0.0.1:${port}`;
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const bodies: Promise<[string, number]>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script" && r.url().startsWith(base))
        bodies.push(r.body().then((b) => [r.url().replace(base, ""), gzipSync(b, { level: 9 }).length]));
    });
    await page.goto(base + path);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
    await page.close();
    const all = await Promise.all(bodies);
    row.push(String(all.reduce((n, [, s]) => n + s, 0)));
    if (false) console.log(port, all.map(([u, s]) => `${u.replace(/-[A-Za-z0-9_]{8}\.js/, "")}:${s}`).sort().join(" "));
  }
  console.log(row.join(" "));
}
await browser.close();
