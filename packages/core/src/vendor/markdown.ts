/**
 * The markdown libraries the compile stage runs (unified, remark, rehype, micromark and the mdast
 * and hast utilities beneath them), loaded as one module. In the build's output this file is a
 * bundle of them (scripts/bundleVendor.mjs, run by `build:packages` after tsc): Node then reads one
 * file instead of resolving and loading some 400, which cost every thread that compiles about
 * 230 ms of CPU. Everything imported from these packages at run time comes through here, so each
 * thread has one copy of them; type-only imports go to the packages themselves.
 */
export { default as GithubSlugger } from 'github-slugger';
export { toString as hastToString } from 'hast-util-to-string';
export { toString as mdastToString } from 'mdast-util-to-string';
export { find, html } from 'property-information';
export { default as rehypeRaw } from 'rehype-raw';
export { default as remarkCjkFriendly } from 'remark-cjk-friendly';
export { default as remarkCjkFriendlyGfmStrikethrough } from 'remark-cjk-friendly-gfm-strikethrough';
export { default as remarkDirective } from 'remark-directive';
export { default as remarkGfm } from 'remark-gfm';
export { default as remarkMdx } from 'remark-mdx';
export { default as remarkParse } from 'remark-parse';
export { default as remarkRehype } from 'remark-rehype';
export { unified } from 'unified';
export { EXIT, SKIP, visit } from 'unist-util-visit';
export { VFile } from 'vfile';
