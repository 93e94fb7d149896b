/**
 * The blog post and page forms as posted: what the owner typed, the step a button asked for (add, move or remove a
 * section) and the input it makes, parsed with the admin API's own schemas (core/schemas/admin-content.ts).
 */
import { blogPostInputSchema, staticPageInputSchema, type BlogPostInput, type StaticPageInput } from "@core/schemas/admin-content";
import { CONTENT_STATUSES, type ContentKind, type ContentStatus } from "@core/content-admin";
import type { ContentInputOf } from "../../server/content/content-editor";
import type { ContentDraft } from "~/components/admin/content-draft";
import { moved } from "./admin.bundles.form.server";

export function readContentForm(form: FormData): ContentDraft {
  const subheadings = form.getAll("section_subheading").map(String);
  const contents = form.getAll("section_content").map(String);
  const status = String(form.get("status") ?? "draft");
  const kept = form.get("image_url");
  return {
    title: String(form.get("title") ?? ""),
    address: String(form.get("address") ?? ""),
    author: String(form.get("author") ?? ""),
    status: (CONTENT_STATUSES as readonly string[]).includes(status) ? (status as ContentStatus) : "draft",
    imageUrl: typeof kept === "string" && kept && form.get("remove_picture") !== "on" ? kept : null,
    sections: contents.map((content, index) => ({ subheading: subheadings[index] ?? "", content })),
  };
}

/** The draft after the button's step: `section-up:2`, `section-down:0`, `section-remove:1`, `add-section`. */
export function applyContentStep(draft: ContentDraft, intent: string): ContentDraft {
  const [step, at] = intent.split(":");
  const index = Number(at);
  if (step === "section-up") return { ...draft, sections: moved(draft.sections, index, -1) };
  if (step === "section-down") return { ...draft, sections: moved(draft.sections, index, 1) };
  if (step === "section-remove" && draft.sections.length > 1) return { ...draft, sections: draft.sections.filter((_, position) => position !== index) };
  if (step === "add-section") return { ...draft, sections: [...draft.sections, { subheading: "", content: "" }] };
  return draft;
}

/** The API's names for the form's address field. */
export const ADDRESS_FIELDS = new Set(["blog_id", "name"]);

/** The input the draft makes, named as the API names the kind's fields. */
export function contentInputOfDraft<K extends ContentKind>(kind: K, draft: ContentDraft): ContentInputOf<K>;
export function contentInputOfDraft(kind: ContentKind, draft: ContentDraft): BlogPostInput | StaticPageInput {
  const common = { title: draft.title, status: draft.status, image_url: draft.imageUrl, sections: draft.sections };
  return kind === "post"
    ? blogPostInputSchema.parse({ blog_id: draft.address, author: draft.author, ...common })
    : staticPageInputSchema.parse({ name: draft.address, ...common });
}
