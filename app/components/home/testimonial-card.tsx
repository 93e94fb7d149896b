import type { Testimonial } from "@core/schemas/catalog";
import { Stars } from "~/components/reviews/stars";

/** A five-star customer quote, its text clamped to four lines (docs/product.md, Reviews display). */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col gap-3 rounded-lg bg-card p-6 shadow-sm ring-1 ring-black/5">
      <Stars rating={testimonial.rating} className="h-5 w-5" />
      <h3 className="font-heading text-lg font-semibold">{testimonial.title}</h3>
      <blockquote className="line-clamp-4">{testimonial.main_review}</blockquote>
      <figcaption className="mt-auto font-semibold">{testimonial.name}</figcaption>
    </figure>
  );
}
