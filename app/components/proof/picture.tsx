import type { ImgHTMLAttributes } from "react";

// An upload's variant: /media/<id>/<width>.webp, stored with an AVIF twin of the same width.
const WEBP_UPLOAD = /^\/media\/[0-9a-f]{32}\/\d{1,4}\.webp$/;

/** An image of the site: AVIF first where the upload has it, the WebP (or the file itself) as the fallback. */
export function Picture({ src, ...img }: { src: string } & ImgHTMLAttributes<HTMLImageElement>) {
  if (!WEBP_UPLOAD.test(src)) return <img src={src} {...img} />;
  return (
    <picture>
      <source type="image/avif" srcSet={src.replace(/\.webp$/, ".avif")} />
      <img src={src} {...img} />
    </picture>
  );
}
