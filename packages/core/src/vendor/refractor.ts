/**
 * refractor (Prism) with the languages docgen highlights besides its common ones, loaded as one
 * module (bundled like markdown.ts). Kept apart from markdown.ts: the main thread loads it to check
 * a config's languages that are not language files of refractor's (see languageFiles.ts), and
 * needs none of the markdown libraries. An extra language of a config
 * (`additionalLanguages`) is imported from refractor itself: it is a function that registers its
 * grammar into this copy.
 */
export { refractor } from 'refractor';
export { default as refractorDocker } from 'refractor/docker';
export { default as refractorGroovy } from 'refractor/groovy';
export { default as refractorJsx } from 'refractor/jsx';
export { default as refractorKotlin } from 'refractor/kotlin';
export { default as refractorTsx } from 'refractor/tsx';
