export { type AppDeps, createApp } from "./app.js";
export { type Config, ConfigError, loadConfig } from "./config.js";
export { type Database, migrationStatus, openDatabase } from "./db/database.js";
export { createLogger } from "./logger.js";
export { listen, type RunningServer } from "./server.js";
export { loadSpecDocument } from "./spec-document.js";
