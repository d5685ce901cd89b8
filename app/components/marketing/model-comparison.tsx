import { Link } from "react-router";
import type { ComparisonView } from "#shared/content/comparison.ts";
import { SectionHeading } from "./section-heading";

/**
 * The engagement models side by side under their heading: a table with a header cell per model and per row
 * on a laptop, and from 639 px down one card per row with each model's answer labelled (CSS in app.css,
 * `.model-comparison`; no script). Labels and cell texts come as loader data (`comparisonView`,
 * shared/content/comparison.ts). `home`: centred in a page-wide section; else within a model's page.
 */
export function ModelComparison({ comparison, home }: { comparison: ComparisonView | null; home?: boolean }) {
  if (!comparison) return null;
  const { intro, models, rows, cells } = comparison;
  return (
    <section
      aria-labelledby="compare-models-heading"
      className={home ? "below-fold container-page pb-16 md:pb-24" : "below-fold mt-16"}
    >
      <SectionHeading id="compare-models-heading" {...intro} center={home} />
      <table className="model-comparison mt-10">
        <caption className="sr-only">{intro.caption}</caption>
        <thead>
          <tr>
            <td />
            {models.map((model) => (
              <th key={model.key} scope="col">
                <Link to={model.path}>{model.label}</Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {models.map((model) => (
                <td key={model.key} data-label={model.label}>
                  {cells[row.key][model.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
