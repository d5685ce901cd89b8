import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "#app/components/dashboard/modal.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import type { BlogRow } from "#schemas/blog.ts";
import { ENDPOINT, type Translating } from "./post";
import { PostForm } from "./post-form";

/**
 * Loads the article body, which the list leaves out, before opening the editor; from there the editor can
 * open another translation of the post, or start a new one.
 */
export function EditPost({ post, onClose }: { post: BlogRow; onClose: () => void }) {
  const [id, setId] = useState(post.id);
  const [translating, setTranslating] = useState<Translating | null>(null);
  const full = useQuery({
    queryKey: [ENDPOINT, id],
    queryFn: async () => (await call("GET /api/blog/:id", { params: { id } })).data,
    // The form keeps its own copy once open; a restore resets it explicitly.
    staleTime: Infinity,
  });
  if (translating) return <PostForm post={null} translation={translating} onClose={onClose} />;
  if (!full.data) {
    return (
      <Modal open onClose={onClose} title={`Edit ${post.heading}`} kind="blog">
        {full.isError ? <p role="alert">Could not load the post.</p> : <Spinner label="Loading post…" />}
      </Modal>
    );
  }
  const current = full.data;
  return (
    <PostForm
      key={current.id}
      post={current}
      onClose={onClose}
      onOpenTranslation={setId}
      onTranslate={(language) => setTranslating({ of: current, language })}
    />
  );
}
