/** Fields many payloads take, each refusal naming the field as the caller sent it. */
import { z } from "zod";
import { LINKS_CHOICES } from "../navigation";
import { listCursor } from "./record-id";
import { storable } from "./storable";

/** One of `values`; a refusal lists them. */
export const oneOf = <const T extends readonly string[]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(", ")}` });

/** A list's search term; longer than any a list searches for is refused. */
export const listSearch = z.string().max(200, "q is too long").optional();

/** A list's query: its own filters, then the cursor every list pages by. */
export const listQuery = <T extends z.ZodRawShape>(filters: T) => storable(z.object({ ...filters, cursor: listCursor.optional() }));

/** What becomes of the menu and footer links a delete or archive leaves leading nowhere (core/navigation.ts). */
export const linksChoice = oneOf("links", LINKS_CHOICES)
  .optional()
  .describe(
    "What to do with menu and footer links that would lead nowhere after this: remove them too, or keep them. " +
      "Without it such a removal is refused with 409 naming the links (`links` in the answer), and nothing changes.",
  );
