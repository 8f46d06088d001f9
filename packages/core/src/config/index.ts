export { getDefaultThemeDir, readConfig, CONFIG_FILE_NAME } from './readConfig.js';
export { configSchema, getConfigJsonSchema } from './schema.js';
export { isCodeThemeName, readCodeThemes, type CodeThemeName } from './codeThemes.js';
