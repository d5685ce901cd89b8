/**
 * Where the images of a blog post may come from (its feature image and every <img> in its body): uploads
 * (`/media/…`), the site's own pictures (`/images/…`) and the https hosts listed here. Nothing else: every
 * visitor's browser fetches an image address with their cookies, so an address such as `/refresh_token`
 * or `/api/…` would act on the visitor's behalf (an operator reading the post would be signed out).
 * The content security policy allows exactly these hosts in `img-src` (server/plugins/security.ts).
 */
export const IMAGE_HOSTS: readonly string[] = [];

// Path segments of letters, digits, `_`, `-` and dots, never starting with a dot: no `..`, no `%2e%2e`
// (which a browser would resolve), no query string, no backslash.
const SITE_IMAGE_PATH = /^\/(?:media|images)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/** Whether a post may show an image from `src`. */
export function isAllowedImageSource(src: string, hosts: readonly string[] = IMAGE_HOSTS): boolean {
  if (SITE_IMAGE_PATH.test(src)) return true;
  if (!src.startsWith("https://")) return false;
  try {
    const url = new URL(src);
    return (
      url.protocol === "https:" &&
      url.username === "" &&
      url.password === "" &&
      url.port === "" &&
      hosts.includes(url.hostname)
    );
  } catch {
    return false;
  }
}

export const IMAGE_SOURCE_RULE =
  "Use an uploaded image (/media/…), a site image (/images/…) or an https address of an allowed image host";
