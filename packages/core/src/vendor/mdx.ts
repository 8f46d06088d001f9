/**
 * What compiling MDX takes besides the markdown libraries (vendor/markdown.ts): the MDX compiler
 * (@mdx-js/mdx), source maps, and an HTML parser for the rendered page (and its serializer, for
 * the HTML of the config: compile/configHtml.ts). Loaded only by a thread that compiles an `.mdx`
 * file, or a site whose config holds HTML, and bundled into one file like the markdown libraries.
 */
export { createProcessor as createMdxProcessor } from '@mdx-js/mdx';
export { fromHtml } from 'hast-util-from-html';
export { toHtml } from 'hast-util-to-html';
export { SourceMapGenerator } from 'source-map';
