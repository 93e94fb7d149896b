/**
 * The home page screen's server side (permission `content`): each of its forms is saved by the function the admin
 * API calls (server/store/home-page.ts); a refusal comes back beside the field it names, with what was typed.
 */
import type { AppLoadContext } from "react-router";
import { HOME_SECTION_KEYS, type HomeSection } from "@core/home-sections";
import { homeChangeSchema, homePictureParamsSchema, testimonialInputSchema } from "@core/schemas/admin-home";
import { readUploadForm } from "../../server/images/picture-intake";
import {
  changeHomeContent,
  createTestimonial,
  deleteTestimonial,
  moveTestimonial,
  updateTestimonial,
  uploadHomePicture,
} from "../../server/catalog/home-page";
import { requireStaffPage } from "./admin.server";
import { formId, problemsOf, refusalOf, refused, saved, valuesOf } from "./admin.settings.server";

export { getHomeContent, listBannerProducts, listTestimonialRecords } from "../../server/catalog/home-page";
export { requireStaffPage } from "./admin.server";

export const HOME_PATH = "/admin/home";

/** A height as typed: blank is the default (null); anything not whole pixels NaN, which the schema refuses. */
const heightOf = (text: string | undefined) => ((text ?? "").trim() === "" ? null : /^\d{1,6}$/.test((text ?? "").trim()) ? Number(text) : Number.NaN);

/** The sections as the form lists them (hidden `order` fields), each shown when its box is ticked, one moved if asked. */
function sectionsOf(values: Record<string, string>, form: FormData): HomeSection[] {
  const order = form.getAll("order").filter((key): key is HomeSection["key"] => (HOME_SECTION_KEYS as readonly unknown[]).includes(key));
  const sections = order.map((key) => ({ key, visible: values[`visible.${key}`] === "on" }));
  const [key, direction] = (values.move ?? "").split(":");
  const at = sections.findIndex((section) => section.key === key);
  const to = at + (direction === "up" ? -1 : 1);
  if (at !== -1 && to >= 0 && to < sections.length) [sections[at], sections[to]] = [sections[to], sections[at]];
  return sections;
}

export async function homeAction(context: AppLoadContext, request: Request) {
  const { actor } = await requireStaffPage(context, request, "content");
  const form = await request.formData();
  const values = valuesOf(form);
  const intent = values.intent ?? "save";
  const id = formId(values);
  const formKey = intent.startsWith("testimonial") ? (values.id ?? "new") : intent === "picture" ? `picture:${values.slot}` : intent;
  try {
    if (intent === "picture") {
      const slot = homePictureParamsSchema.safeParse({ slot: values.slot });
      if (!slot.success) return refused(problemsOf(slot.error), 400, values, formKey);
      const { files } = readUploadForm(form);
      await uploadHomePicture(context, actor, slot.data.slot, files[0]);
      return saved(HOME_PATH, "picture-saved");
    }
    if (intent === "sections") {
      const parsed = homeChangeSchema.safeParse({ homeSections: sectionsOf(values, form) });
      if (!parsed.success) return refused(problemsOf(parsed.error), 400, values, formKey);
      await changeHomeContent(context.db, actor, parsed.data);
      return saved(HOME_PATH, "saved");
    }
    if (intent === "testimonial-delete" && id !== null) {
      await deleteTestimonial(context.db, actor, id);
      return saved(HOME_PATH, "deleted");
    }
    if ((intent === "testimonial-up" || intent === "testimonial-down") && id !== null) {
      await moveTestimonial(context.db, actor, id, intent === "testimonial-up" ? -1 : 1);
      return saved(HOME_PATH, "saved");
    }
    if (intent === "testimonial-save") {
      const parsed = testimonialInputSchema.safeParse({
        title: values.title ?? "",
        main_review: values.main_review ?? "",
        rating: Number(values.rating),
        name: values.name ?? "",
      });
      if (!parsed.success) return refused(problemsOf(parsed.error), 400, values, formKey);
      if (id === null) await createTestimonial(context.db, actor, parsed.data);
      else await updateTestimonial(context.db, actor, id, parsed.data);
      return saved(HOME_PATH, id === null ? "added" : "saved");
    }
    const parsed = homeChangeSchema.safeParse({
      bannerHeader: values.bannerHeader ?? "",
      bannerText: values.bannerText ?? "",
      bannerButtonText: values.bannerButtonText ?? "",
      bannerProductHandle: values.bannerProductHandle ?? "",
      bannerHeight: heightOf(values.bannerHeight),
    });
    if (!parsed.success) return refused(problemsOf(parsed.error), 400, values, formKey);
    await changeHomeContent(context.db, actor, parsed.data);
    return saved(HOME_PATH, "saved");
  } catch (error) {
    return refusalOf(error, values, formKey);
  }
}

