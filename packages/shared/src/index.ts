/**
 * Pure helpers that must give identical answers at build time (core) and in the browser (client).
 * No Node or DOM APIs here.
 */
export * from './routes.js';
export * from './storage.js';
export * from './pageData.js';
export * from './packedSidebar.js';
