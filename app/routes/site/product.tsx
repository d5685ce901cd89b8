import { sectionPage, sectionPageMeta } from "#app/components/marketing/meta.ts";
import { RouteErrorBoundary } from "#app/components/marketing/page.tsx";
import { ServicePageView } from "#app/components/marketing/service-page.tsx";
import { products } from "#shared/content/products.ts";
import type { Route } from "./+types/product";

export function loader({ params }: Route.LoaderArgs) {
  return sectionPage(products.find((p) => p.slug === params.product));
}

export const meta = sectionPageMeta;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { page, trail } = loaderData;
  return <ServicePageView page={page} trail={trail} eyebrow="Our products" lead={page.tagline} />;
}

export const ErrorBoundary = RouteErrorBoundary;
