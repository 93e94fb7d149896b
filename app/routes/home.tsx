import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const title = matches[0]?.loaderData?.settings.websiteTitle ?? "Shop";
  return [{ title }];
}

export default function Home() {
  return null;
}
