import { Link } from "react-router";
import {
  comparisonIntro,
  comparisonModels,
  comparisonRows,
  type ModelComparison,
} from "#shared/content/comparison.ts";
import { SectionHeading } from "./section-heading";

/**
 * The engagement models side by side: a table with a header cell per model and per row on a laptop, and from
 * 639 px down one card per row with each model's answer labelled (CSS in app.css, `.model-comparison`; no
 * script). The cell texts are site settings (shared/content/comparison.ts).
 */
export function ModelComparisonTable({ comparison }: { comparison: ModelComparison }) {
  return (
    <table className="model-comparison">
      <caption className="sr-only">The engagement models compared</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Compared on</span>
          </th>
          {comparisonModels.map((model) => (
            <th key={model.key} scope="col">
              <Link to={model.path}>{model.label}</Link>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {comparisonRows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {comparisonModels.map((model) => (
              <td key={model.key} data-label={model.label}>
                {comparison[row.key][model.key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The comparison under its own heading, as the home page shows it. */
export function ModelComparisonSection({
  comparison,
  className = "",
}: {
  comparison: ModelComparison;
  className?: string;
}) {
  return (
    <section id="compare-models" aria-labelledby="compare-models-heading" className={className}>
      <div className="container-page">
        <SectionHeading
          id="compare-models-heading"
          eyebrow="Compare the models"
          title={comparisonIntro.heading}
          text={comparisonIntro.text}
          center
        />
        <div className="mt-10">
          <ModelComparisonTable comparison={comparison} />
        </div>
      </div>
    </section>
  );
}

/** The comparison on a model's overview page (its loader gives null on the model's other pages). */
export function ComparisonOnOverview({ comparison }: { comparison: ModelComparison | null }) {
  if (!comparison) return null;
  return (
    <section id="compare-models" aria-labelledby="compare-models-heading" className="below-fold mt-16">
      <SectionHeading
        id="compare-models-heading"
        eyebrow="Compare the models"
        title={comparisonIntro.heading}
        text={comparisonIntro.text}
      />
      <div className="mt-8">
        <ModelComparisonTable comparison={comparison} />
      </div>
    </section>
  );
}
