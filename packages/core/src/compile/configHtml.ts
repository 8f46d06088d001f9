import { fromHtml, toHtml } from '../vendor/mdx.js';
import { removeNotShown } from './sanitizeHtml.js';

/**
 * HTML the config gives every page (navbar and footer `html` items, the footer's copyright), as
 * raw HTML in a page is shown: without scripts, event handlers, script URLs or script in CSS
 * (removeNotShown), each removal told as a warning. The markup is parsed and written again, so
 * that an unclosed tag cannot swallow the rest of the navbar or footer.
 */
export function sanitizeConfigHtml(html: string): { html: string; warnings: { message: string; hint: string }[] } {
  const tree = fromHtml(html, { fragment: true });
  const warnings: { message: string; hint: string }[] = [];
  removeNotShown(
    tree,
    (message, hint) => warnings.push({ message, hint }),
    () => undefined,
  );
  return { html: toHtml(tree), warnings };
}
