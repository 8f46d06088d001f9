export { readConfig, CONFIG_FILE_NAME } from './readConfig.js';
export { configSchema, getConfigJsonSchema } from './schema.js';
export { parseYamlFile, type YamlFile } from './yamlFile.js';
