import type { z } from "zod";
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../storable-text";

/**
 * A request schema that also refuses text the database cannot store (core/storable-text.ts), naming the field.
 * Every request schema is wrapped in it, so the API's handlers and the pages' actions that parse with them all
 * answer "field: must not contain …" instead of failing in the database.
 */
export function storable<T extends z.ZodType>(schema: T): T {
  return schema.superRefine((value, context) => {
    const path = findUnstorableText(value);
    if (path) context.addIssue({ code: "custom", path, message: UNSTORABLE_TEXT_MESSAGE });
  }) as T;
}
