/**
 * How a description's kept markup looks (the shop's reset removes the browser's list bullets and heading sizes): on
 * the product page, and in the back office's editor, so the owner writes what shoppers will see.
 */
export const DESCRIPTION_STYLE =
  "flex flex-col gap-3 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6";
