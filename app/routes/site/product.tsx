import { data } from "react-router";
import { pageMeta, type Crumb } from "~/components/marketing/meta";
import { RouteErrorBoundary } from "~/components/marketing/page";
import { ServicePageView } from "~/components/marketing/service-page";
import { products } from "../../../shared/content/products";
import type { Route } from "./+types/product";

export function loader({ params }: Route.LoaderArgs) {
  const product = products.find((p) => p.slug === params.product);
  if (!product) throw data(null, { status: 404 });
  const trail: Crumb[] = [
    ["Home", "/"],
    [product.title, product.path],
  ];
  return { product, trail };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    loaderData && { seo: loaderData.product.seo, path: loaderData.product.path, trail: loaderData.trail },
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, trail } = loaderData;
  return <ServicePageView page={product} trail={trail} eyebrow="Our products" lead={product.tagline} />;
}

export const ErrorBoundary = RouteErrorBoundary;
