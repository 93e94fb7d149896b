import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

const rootRoute = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

/**
 * Every page loads React, React Router and whatever app/root.tsx imports statically, yet left to itself Rolldown
 * spreads that over a dozen small chunks, each shared with a different set of routes and each compressed on its
 * own. Two chunks instead, one for the framework (it changes only with an upgrade, so it stays cached across
 * deploys) and one for the shop's shell, make the first load about 2.5 KB (gzip) and several requests lighter.
 * Routes and what they lazy-load keep their own chunks.
 */
function sharedFirstLoadChunks(): Plugin {
  const shellModules = new Set<string>();
  return {
    name: "shared-first-load-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      shellModules.clear();
      const pending = [...this.getModuleIds()].filter((id) => id.startsWith(rootRoute));
      const seen = new Set<string>();
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (seen.has(id)) continue;
        seen.add(id);
        // The root route's own module stays React Router's route chunk; its CSS is React Router's to place.
        if (!id.startsWith(rootRoute) && !id.includes("node_modules") && !id.endsWith(".css")) shellModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: "shell", test: (id) => shellModules.has(id), priority: 1 },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), sharedFirstLoadChunks()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@core": fileURLToPath(new URL("./core", import.meta.url)),
    },
  },
  server: { watch: { ignored: ["**/data/**", "**/bench-results/**", "**/test-results/**"] } },
});
