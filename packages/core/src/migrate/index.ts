export { migrateDocusaurus, type MigrateOptions, type MigrateResult } from './migrateDocusaurus.js';
export type { MigrationNote } from './report.js';
