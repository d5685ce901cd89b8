import type { AppLoadContext } from "react-router";
import type { ProofBlocksData } from "#domain/proof/public.ts";
import type { EngagementModelKey } from "#schemas/proof.ts";

const none: ProofBlocksData = { caseStudies: [], testimonials: [], logos: [] };

/** A marketing page's proof blocks (of one model on its pages); a failed read leaves them out, not the page. */
export async function proofFor(
  context: AppLoadContext,
  model?: EngagementModelKey,
): Promise<ProofBlocksData> {
  try {
    return await context.services.proof.blocks({ model });
  } catch (error) {
    console.error("proof blocks: loading failed", error);
    return none;
  }
}
