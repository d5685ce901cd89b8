import type { ImgHTMLAttributes } from "react";

/** A post's feature image at its stored size (1200 x 630), described by its alternative text; none, nothing. */
export function FeatureImage({
  post,
  ...img
}: { post: { feature_image: string | null; image_alt_text: string } } & ImgHTMLAttributes<HTMLImageElement>) {
  if (!post.feature_image) return null;
  return <img src={post.feature_image} alt={post.image_alt_text} width={1200} height={630} {...img} />;
}
