/**
 * Static page content as the spec describes loading it (sections 2, 5 and 8): the name loses a leading 'pages/',
 * the data must be JSON with a title and a sections array, and a failure is logged as 'Failed to load data for
 * page: {name}'.
 */
import { staticPageSchema, type StaticPage } from "@core/schemas/static-page";
import { ApiError, api } from "~/lib/api";

export const INVALID_STRUCTURE = "Invalid page data structure";

/** The name the page was asked for, without a leading 'pages/'. */
export function requestedPageName(param: string): string {
  return param.replace(/^pages\//i, "");
}

export function checkPageData(value: unknown): StaticPage {
  const parsed = staticPageSchema.safeParse(value);
  if (!parsed.success) throw new Error(INVALID_STRUCTURE);
  return parsed.data;
}

/** GET /data/{pagename}.json: the page, null when there is none, or an error for anything malformed. */
export async function fetchPageData(name: string): Promise<StaticPage | null> {
  try {
    return checkPageData(await api<unknown>(`/data/${encodeURIComponent(name.toLowerCase())}.json`));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function pageLoadFailure(name: string): string {
  return `Failed to load data for page: ${name}`;
}
