/** Exits with the configuration's one-line complaint, if it has one: `npm start` asks before a long build. */
import { ConfigError, loadConfig } from "../server/config";

try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
