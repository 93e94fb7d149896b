/**
 * The navigation screen's form as data. The form works before JavaScript loads: every field is named by its
 * setting's path (`navbar.pages.2.route`), each list ends in a blank row for a new entry, and moving or removing an
 * entry posts the whole form with an intent (`up:navbar.pages:2`), so what was typed elsewhere is kept. A refusal
 * naming a setting lands beside the field of the same name.
 */

export type MenuLinkDraft = { name: string; route: string; query: string; type: string };
export type FooterLinkDraft = { name: string; route: string };
export type FooterSectionDraft = { title: string; links: FooterLinkDraft[] };
export type SocialLinkDraft = { network: string; url: string };

export type NavigationDraft = {
  displaySearchBar: boolean;
  pages: MenuLinkDraft[];
  footerLinks: FooterLinkDraft[];
  sections: FooterSectionDraft[];
  copyright: string;
  socialLinks: SocialLinkDraft[];
};

/** The settings' own shapes, as far as the draft needs them (core/schemas/store-settings.ts). */
type NavigationSettings = {
  navbar: { pages: { name: string; route: string; query?: string; type?: string }[]; displaySearchBar: boolean };
  footer: { links: FooterLinkDraft[]; sections: FooterSectionDraft[]; copyright: string };
  socialLinks: SocialLinkDraft[];
};

export const SOCIAL_NETWORKS = [
  { value: "instagram", label: "Instagram" },
  { value: "tiktok", label: "TikTok" },
] as const;

export const LISTING_TYPES = [
  { value: "collection-search", label: "Collection" },
  { value: "search", label: "Keyword search" },
] as const;

export function draftOf(settings: NavigationSettings): NavigationDraft {
  return {
    displaySearchBar: settings.navbar.displaySearchBar,
    pages: settings.navbar.pages.map((link) => ({ name: link.name, route: link.route, query: link.query ?? "", type: link.type ?? "" })),
    footerLinks: settings.footer.links.map(({ name, route }) => ({ name, route })),
    sections: settings.footer.sections.map((section) => ({ title: section.title, links: section.links.map(({ name, route }) => ({ name, route })) })),
    copyright: settings.footer.copyright,
    socialLinks: settings.socialLinks.map(({ network, url }) => ({ network, url })),
  };
}

type Values = Record<string, string>;

/** The rows a list's fields hold, in order: row i while any of its fields was posted. */
function rowsOf<T>(values: Values, prefix: string, read: (at: string) => T | null): T[] {
  const rows: T[] = [];
  for (let i = 0; ; i++) {
    const row = read(`${prefix}.${i}`);
    if (row === null) return rows;
    rows.push(row);
  }
}

const fieldsRead =
  <K extends string>(values: Values, keys: readonly K[]) =>
  (at: string): Record<K, string> | null =>
    keys.some((key) => `${at}.${key}` in values)
      ? (Object.fromEntries(keys.map((key) => [key, values[`${at}.${key}`] ?? ""])) as Record<K, string>)
      : null;

export function readDraft(values: Values): NavigationDraft {
  return {
    displaySearchBar: values["navbar.displaySearchBar"] === "on",
    pages: rowsOf(values, "navbar.pages", fieldsRead(values, ["name", "route", "query", "type"] as const)),
    footerLinks: rowsOf(values, "footer.links", fieldsRead(values, ["name", "route"] as const)),
    sections: rowsOf(values, "footer.sections", (at) =>
      `${at}.title` in values ? { title: values[`${at}.title`], links: rowsOf(values, `${at}.links`, fieldsRead(values, ["name", "route"] as const)) } : null,
    ),
    copyright: values["footer.copyright"] ?? "",
    socialLinks: rowsOf(values, "socialLinks", fieldsRead(values, ["network", "url"] as const)),
  };
}

/** The lists the form's rows belong to, by their settings' paths. */
function listAt(draft: NavigationDraft, path: string): unknown[] | null {
  if (path === "navbar.pages") return draft.pages;
  if (path === "footer.links") return draft.footerLinks;
  if (path === "footer.sections") return draft.sections;
  if (path === "socialLinks") return draft.socialLinks;
  const section = /^footer\.sections\.(\d+)\.links$/.exec(path);
  return section ? (draft.sections[Number(section[1])]?.links ?? null) : null;
}

/** The draft with one row moved or removed, as the intent asks (`up:`, `down:` or `remove:` a list's path and index). */
export function applyIntent(draft: NavigationDraft, intent: string): NavigationDraft {
  const match = /^(up|down|remove):([\w.]+):(\d+)$/.exec(intent);
  if (!match) return draft;
  const [, move, path, at] = match;
  const next: NavigationDraft = structuredClone(draft);
  const list = listAt(next, path);
  const index = Number(at);
  if (!list || index >= list.length) return draft;
  if (move === "remove") list.splice(index, 1);
  else {
    const to = move === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= list.length) return draft;
    [list[index], list[to]] = [list[to], list[index]];
  }
  return next;
}

const blank = (...texts: string[]) => texts.every((text) => text.trim() === "");
const isBlankMenuLink = (link: MenuLinkDraft) => blank(link.name, link.route, link.query);
const isBlankLink = (link: FooterLinkDraft) => blank(link.name, link.route);
const isBlankSection = (section: FooterSectionDraft) => blank(section.title) && section.links.every(isBlankLink);
const isBlankSocial = (link: SocialLinkDraft) => blank(link.url);

/** The draft without its blank rows (the new-entry rows left empty), each kept row with its place in the form. */
function kept<T>(rows: T[], isBlank: (row: T) => boolean): { row: T; at: number }[] {
  return rows.flatMap((row, at) => (isBlank(row) ? [] : [{ row, at }]));
}

export type NavigationChange = {
  navbar: { displaySearchBar: boolean; pages: { name: string; route: string; query?: string; type?: string }[] };
  footer: { links: FooterLinkDraft[]; sections: FooterSectionDraft[]; copyright: string };
  socialLinks: SocialLinkDraft[];
};

/**
 * The change the draft asks for, and where each sent entry sits in the form: a refusal of `navbar.pages.1` is about
 * the form's `navbar.pages.2` when a blank row came before it.
 */
export function changeOf(draft: NavigationDraft): { change: NavigationChange; formPath: (field: string) => string } {
  const places = new Map<string, string>();
  const place = (list: string, sent: number, at: number) => places.set(`${list}.${sent}`, `${list}.${at}`);
  const pages = kept(draft.pages, isBlankMenuLink).map(({ row, at }, sent) => {
    place("navbar.pages", sent, at);
    const query = row.query.trim();
    // A link with a query opens the listing whatever its route says (core/navigation.ts); the route is kept valid.
    const route = row.route.trim() || (query ? "/search" : "");
    return query ? { name: row.name.trim(), route, query, type: row.type || "collection-search" } : { name: row.name.trim(), route };
  });
  const links = kept(draft.footerLinks, isBlankLink).map(({ row, at }, sent) => {
    place("footer.links", sent, at);
    return { name: row.name.trim(), route: row.route.trim() };
  });
  const sections = kept(draft.sections, isBlankSection).map(({ row, at }, sent) => {
    place("footer.sections", sent, at);
    return {
      title: row.title.trim(),
      links: kept(row.links, isBlankLink).map((link, sentLink) => {
        place(`footer.sections.${at}.links`, sentLink, link.at);
        return { name: link.row.name.trim(), route: link.row.route.trim() };
      }),
    };
  });
  const socialLinks = kept(draft.socialLinks, isBlankSocial).map(({ row, at }, sent) => {
    place("socialLinks", sent, at);
    return { network: row.network, url: row.url.trim() };
  });
  const formPath = (field: string) => {
    const row = /^(navbar\.pages|footer\.links|footer\.sections|socialLinks)\.(\d+)(.*)$/.exec(field);
    if (!row) return field;
    const [, list, sent, rest] = row;
    const at = places.get(`${list}.${sent}`) ?? `${list}.${sent}`;
    const link = list === "footer.sections" ? /^\.links\.(\d+)(.*)$/.exec(rest) : null;
    return link ? `${places.get(`${at}.links.${link[1]}`) ?? `${at}.links.${link[1]}`}${link[2]}` : `${at}${rest}`;
  };
  return {
    change: { navbar: { displaySearchBar: draft.displaySearchBar, pages }, footer: { links, sections, copyright: draft.copyright.trim() }, socialLinks },
    formPath,
  };
}

/** The draft as the form shows it: each list ending in one blank row for a new entry. */
export function withNewRows(draft: NavigationDraft): NavigationDraft {
  const ending = <T>(rows: T[], isBlank: (row: T) => boolean, empty: T) => {
    let end = rows.length;
    while (end > 0 && isBlank(rows[end - 1])) end--;
    return [...rows.slice(0, end), empty];
  };
  const emptyLink = { name: "", route: "" };
  return {
    ...draft,
    pages: ending(draft.pages, isBlankMenuLink, { name: "", route: "", query: "", type: "" }),
    footerLinks: ending(draft.footerLinks, isBlankLink, emptyLink),
    sections: ending(
      draft.sections.map((section) => ({ ...section, links: ending(section.links, isBlankLink, emptyLink) })),
      isBlankSection,
      { title: "", links: [emptyLink] },
    ),
    socialLinks: ending(draft.socialLinks, isBlankSocial, { network: "instagram", url: "" }),
  };
}
