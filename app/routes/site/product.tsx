import { sectionPage, sectionPageMeta } from "~/components/marketing/meta";
import { RouteErrorBoundary } from "~/components/marketing/page";
import { ServicePageView } from "~/components/marketing/service-page";
import { products } from "../../../shared/content/products";
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
