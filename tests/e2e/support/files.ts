import type { Locator } from "playwright-core";
import sharp from "sharp";

/** A PNG of one colour, as a file input takes it (setInputFiles). */
export const pngFile = async (
  name: string,
  {
    width,
    height,
    background,
  }: { width: number; height: number; background: { r: number; g: number; b: number } },
) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** The texts an input's aria-describedby points at (hint and error), joined. */
export const describedBy = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
