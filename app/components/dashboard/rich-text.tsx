import { lazy, Suspense } from "react";
import type { RichTextEditorProps } from "./rich-text-editor";

// TipTap and ProseMirror are ~1 MB of code: loaded when an editor opens, never by the server or the console shell.
const Editor = lazy(() => import("./rich-text-editor"));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div>
          <span className="block text-sm font-medium text-slate-700">{props.label}</span>
          <div
            role="status"
            className="mt-1 grid min-h-68 place-items-center rounded-lg border border-slate-300 bg-white text-sm text-slate-500"
          >
            Loading editor…
          </div>
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
