import type { FastifyInstance, FastifyReply } from "fastify";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { DomainError } from "#domain/errors.ts";

// Only pictures of ours: a file under /images (no dots but the extension, so no way out of it) or an upload.
const STATIC_IMAGE = /^\/images\/[\w/-]+\.(?:svg|png|jpe?g|webp)$/;
const UPLOADED_IMAGE = /^\/media\/([0-9a-f]{32})\/(\d{1,4}\.(?:webp|avif))$/;
const PREVIEW_FILE = /^(\d{1,9})\.jpg$/;
const CASE_STUDY_FILE = /^([a-z0-9-]{1,80})\.jpg$/;
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

  /** A picture (an upload or a site image) as a preview JPEG, or null to use the default image. */
  async function previewOf(image: string | null): Promise<Buffer | null> {
    const key = image ?? "";
    let preview = cache.get(key);
    if (!preview) {
      const source = image ? await readPicture(image) : null;
      if (!source) return null;
      preview = await app.services.media.linkPreview(source);
      if (cache.size >= CACHED_PREVIEWS) cache.delete(cache.keys().next().value!);
      cache.set(key, preview);
    }
    return preview;
  }

  app.get<{ Params: { file: string } }>("/og/blog/:file", async (request, reply) => {
    const id = PREVIEW_FILE.exec(request.params.file)?.[1];
    const post = id ? await app.services.blog.getPublished(Number(id)) : null;
    if (!post) throw new DomainError("not_found", "Image not found");
    const preview = await previewOf(post.feature_image);
    if (!preview) return reply.redirect("/og-default.png", 302);
    return sendPreview(reply, preview);
  });

  // GET /og/case-studies/{slug}.jpg: a published case study's cover, the same way.
  app.get<{ Params: { file: string } }>("/og/case-studies/:file", async (request, reply) => {
    const slug = CASE_STUDY_FILE.exec(request.params.file)?.[1];
    const study = slug ? await app.services.proof.getCaseStudy(slug) : null;
    if (!study) throw new DomainError("not_found", "Image not found");
    const preview = await previewOf(study.cover_image);
    if (!preview) return reply.redirect("/og-default.png", 302);
    return sendPreview(reply, preview);
  });
}

function sendPreview(reply: FastifyReply, preview: Buffer) {
  return reply
    .type("image/jpeg")
    .header("Cache-Control", "public, max-age=86400")
    .header("X-Content-Type-Options", "nosniff")
    .send(preview);
}
