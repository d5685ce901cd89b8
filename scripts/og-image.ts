/**
 * Renders the default Open Graph image (1200×630) to public/og-default.png from an inline SVG.
 * Run with `npx tsx scripts/og-image.ts` after changing the design; the PNG is committed.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import sharp from "sharp";

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

export function ogSvg(): string {
  const font = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <defs>
    <radialGradient id="glow" cx="82%" cy="30%" r="60%">
      <stop offset="0" stop-color="#14a38b" stop-opacity=".45"/>
      <stop offset="1" stop-color="#14a38b" stop-opacity="0"/>
    </radialGradient>
    <pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse">
      <path d="M48 0H0V48" fill="none" stroke="#ffffff" stroke-opacity=".05" stroke-width="1"/>
    </pattern>
  </defs>
  <rect width="100%" height="100%" fill="#0b1f3a"/>
  <rect width="100%" height="100%" fill="url(#grid)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <g transform="translate(930 300)" fill="none">
    <circle r="190" stroke="#ffffff" stroke-opacity=".14" stroke-width="2"/>
    <ellipse rx="190" ry="70" stroke="#ffffff" stroke-opacity=".14" stroke-width="2"/>
    <ellipse rx="70" ry="190" stroke="#ffffff" stroke-opacity=".14" stroke-width="2"/>
    <ellipse rx="190" ry="70" transform="rotate(60)" stroke="#ffffff" stroke-opacity=".14" stroke-width="2"/>
    <ellipse rx="190" ry="70" transform="rotate(-60)" stroke="#ffffff" stroke-opacity=".14" stroke-width="2"/>
    <circle r="240" stroke="#f6b73c" stroke-opacity=".6" stroke-width="3" stroke-dasharray="5 14"/>
    <path d="M-150 -60 L-40 -110 L80 -140 L160 -40 M-40 -110 L-20 30 L100 60 L160 -40" stroke="#14a38b" stroke-width="3"/>
    <g fill="#0b1f3a" stroke="#14a38b" stroke-width="4">
      <circle cx="-150" cy="-60" r="11"/><circle cx="-40" cy="-110" r="11"/><circle cx="80" cy="-140" r="11"/>
      <circle cx="160" cy="-40" r="11"/><circle cx="100" cy="60" r="11"/>
    </g>
    <circle cx="-20" cy="30" r="20" fill="#f6b73c"/>
  </g>
  <g transform="translate(80 96)">
    <circle cx="28" cy="28" r="24" fill="none" stroke="#ffffff" stroke-width="5"/>
    <path d="M28 4a24 24 0 0 1 24 24H40a12 12 0 0 0-12-12z" fill="#14a38b"/>
    <circle cx="28" cy="28" r="6" fill="#e9a21f"/>
    <text x="72" y="40" font-family="${font}" font-size="34" font-weight="700" fill="#ffffff">GCC View <tspan fill="#14a38b">360</tspan></text>
  </g>
  <text font-family="${font}" font-weight="700" fill="#ffffff" font-size="62">
    <tspan x="80" y="290">Build your Global</tspan>
    <tspan x="80" y="366">Capability Center</tspan>
    <tspan x="80" y="442">in India</tspan>
  </text>
  <text x="80" y="520" font-family="${font}" font-size="26" fill="#cbd5e1">Consulting · AI-led talent · Workspace · Managed services</text>
  <rect x="80" y="556" width="120" height="6" rx="3" fill="#f6b73c"/>
</svg>`;
}

export async function renderOgImage(
  out = resolve("public/og-default.png"),
): Promise<{ width: number; height: number }> {
  const png = await sharp(Buffer.from(ogSvg()))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  writeFileSync(out, png);
  const meta = await sharp(png).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = await renderOgImage();
  console.log(`public/og-default.png ${size.width}×${size.height}`);
}
