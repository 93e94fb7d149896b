/**
 * The fonts a shop may choose. The shop ships no font files (its pages load none, for speed and privacy), so each
 * choice is a stack of fonts already on shoppers' devices, with a generic family last.
 */
export const FONT_CHOICES = [
  { label: "Georgia (serif)", stack: 'Georgia, Cambria, "Times New Roman", serif' },
  { label: "Palatino (serif)", stack: '"Palatino Linotype", Palatino, "Book Antiqua", serif' },
  { label: "System (sans-serif)", stack: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  { label: "Helvetica (sans-serif)", stack: '"Helvetica Neue", Helvetica, Arial, sans-serif' },
  { label: "Verdana (wide sans-serif)", stack: "Verdana, Geneva, Tahoma, sans-serif" },
  { label: "Monospace", stack: 'ui-monospace, "SF Mono", Menlo, Consolas, monospace' },
] as const;

export const FONT_STACKS = FONT_CHOICES.map((choice) => choice.stack) as [string, ...string[]];
