/**
 * The one door of every page's form post, before any action runs. An action reads its form with
 * request.formData(), which throws on a body that is no form: that is bad input, answered 400, not a 500. A field
 * carrying text the database cannot store (core/storable-text.ts) is refused here too, naming the field, so no
 * action, the shop's or the back office's, can be handed such text whatever its own parsing checks.
 */
import type { MiddlewareHandler } from "hono";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../core/storable-text";
import type { AppEnv } from "../context";

/** The first field of the form holding text that cannot be stored (its value, or a file's name), or null. */
function unstorableField(form: FormData): string | null {
  for (const [name, value] of form) {
    // A name that cannot be stored cannot be shown either.
    if (hasUnstorableText(name)) return "form";
    if (hasUnstorableText(typeof value === "string" ? value : value.name)) return name;
  }
  return null;
}

export function checkedPageForm(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const form = await c.req.raw
      .clone()
      .formData()
      .catch(() => null);
    if (!form) return c.text("Request body must be a valid form", 400);
    const field = unstorableField(form);
    if (field) return c.text(`${field}: ${UNSTORABLE_TEXT_MESSAGE}`, 400);
    await next();
  };
}
