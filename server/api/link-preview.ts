import type { FastifyInstance } from "fastify";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DomainError } from "#domain/errors.ts";

// Only pictures of ours: a file under /images (no dots but the extension, so no way out of it) or an upload.
const STATIC_IMAGE = /^\/images\/[\w/-]+\.(?:svg|png|jpe?g|webp)$/;
const UPLOADED_IMAGE = /^\/media\/([0-9a-f]{32})\/(\d{1,4}\.(?:webp|avif))$/;
const PREVIEW_FILE = /^(\d{1,9})\.jpg$/;
// Rendered previews kept per process (a post's few hundred KB, rendered once, asked for by every crawler).
const CACHED_PREVIEWS = 50;

/** GET /og/blog/{id}.jpg: the post's feature image as a 1200×630 JPEG (the site's default image without one). */
export async function linkPreviewRoutes(app: FastifyInstance) {
  const publicRoots = [join(app.config.BUILD_DIR, "client"), resolve("public")];
  const cache = new Map<string, Buffer>();

  async function readPicture(path: string): Promise<Buffer | null> {
    const upload = UPLOADED_IMAGE.exec(path);
    if (upload) return (await app.services.media.getFile(upload[1]!, upload[2]!))?.bytes ?? null;
    if (!STATIC_IMAGE.test(path)) return null;
    for (const root of publicRoots) {
      const bytes = await readFile(join(root, path)).catch(() => null);
      if (bytes) return bytes;
    }
    return null;
  }

  app.get<{ Params: { file: string } }>("/og/blog/:file", async (request, reply) => {
    const id = PREVIEW_FILE.exec(request.params.file)?.[1];
    const post = id ? await app.services.blog.getPublished(Number(id)) : null;
    if (!post) throw new DomainError("not_found", "Image not found");
    const key = post.feature_image ?? "";
    let preview = cache.get(key);
    if (!preview) {
      const source = post.feature_image ? await readPicture(post.feature_image) : null;
      if (!source) return reply.redirect("/og-default.png", 302);
      preview = await app.services.media.linkPreview(source);
      if (cache.size >= CACHED_PREVIEWS) cache.delete(cache.keys().next().value!);
      cache.set(key, preview);
    }
    return reply
      .type("image/jpeg")
      .header("Cache-Control", "public, max-age=86400")
      .header("X-Content-Type-Options", "nosniff")
      .send(preview);
  });
}
