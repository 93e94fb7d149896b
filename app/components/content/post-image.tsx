import { useImageFallback } from "~/lib/images";

/** A blog post's picture, with the shop's image fallbacks (a post's own size, then the original, then a placeholder). */
export function PostImage({ url, alt }: { url: string; alt: string }) {
  const image = useImageFallback(url, 1024);
  return <img {...image} sizes="(min-width: 768px) 48rem, 100vw" width={1200} height={675} alt={alt} className="mt-8 w-full rounded-lg object-cover" />;
}
