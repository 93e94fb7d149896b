/**
 * The server's layout (decision 0051), checked by `npm run lint` and proven by scripts/server-layout.test.ts. ESLint
 * keeps infrastructure from importing a domain (decision 0050); this keeps the folders from importing each other in
 * a circle, and the domains from reaching up into the files that compose them.
 */
module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle-in-server",
      comment: "A server/ folder reaches itself through another: move the shared part down a floor, or pass it in.",
      severity: "error",
      scope: "folder",
      from: { path: "^server/" },
      to: { path: "^server/", circular: true },
    },
    {
      name: "no-import-of-the-composition",
      comment: "app.ts, boot.ts, deps.ts, shop-jobs.ts, index.ts and dev.ts put the shop together; nothing they compose imports them.",
      severity: "error",
      from: { path: "^server/[^/]+/" },
      to: { path: "^server/(app|boot|deps|shop-jobs|index|dev)\\.ts$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.ts$", "node_modules"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
