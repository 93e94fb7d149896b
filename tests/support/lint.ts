/**
 * The project's own ESLint configuration run on a planted snippet, as if it were saved at a path of the repository.
 * A snippet is no file on disk, so tsconfig.json's project does not hold it; type-aware rules (decision 0040) then
 * type it in a project of its own with tsconfig.json's options. Plant snippets at a path whose file name starts with
 * "probe".
 */
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { beforeAll } from "vitest";

const repository = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({
  cwd: repository,
  overrideConfig: {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: {
        // Each planted path is a file of the default project; the lint tests plant more than its default of 8.
        projectService: {
          allowDefaultProject: ["*/probe*", "*/*/probe*", "*/*/*/probe*"],
          defaultProject: "tsconfig.json",
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32,
        },
      },
    },
  },
});

/** The rules that refused the snippet (errors only), as if it were saved at `path` (relative to the repository). */
export async function lintRefusals(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repository}${path}` });
  return result.messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

/**
 * Registers a beforeAll that loads the TypeScript project the type-aware rules read: the first snippet waits for
 * it, which on a busy machine takes longer than a test may.
 */
export function loadLintProject() {
  beforeAll(async () => {
    await lintRefusals("server/probe.ts", "");
  }, 300_000);
}
