import { renderToStaticMarkup } from "react-dom/server";
import type { AppLoadContext } from "react-router";
import type { EngagementModelKey } from "#shared/proof.ts";
import { proofFor } from "./proof-data.server";
import { ProofBlocks } from "./proof-blocks";

/**
 * A marketing page's proof blocks as HTML, made in its loader: the page puts the HTML in a <div> and the
 * browser never loads their code (the home page's JavaScript budget, scripts/page-budgets.ts). Text is
 * escaped by React as in any render; image and link addresses were checked when saved (schemas/proof.ts).
 * Empty when there is nothing to show.
 */
export async function proofHtml(context: AppLoadContext, model?: EngagementModelKey): Promise<string> {
  const proof = await proofFor(context, model);
  if (proof.caseStudies.length + proof.testimonials.length + proof.logos.length === 0) return "";
  return renderToStaticMarkup(<ProofBlocks proof={proof} />);
}
