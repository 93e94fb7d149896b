/**
 * Runs before each integration test file. A worker runs many files (vitest.config.ts, `isolate: false`), so a
 * database a file forgot to dispose of would stay open, in memory or on the server, for the rest of the run.
 */
import { afterAll } from "vitest";
import { disposeLeftoverDatabases } from "./database";

afterAll(disposeLeftoverDatabases);
