/**
 * Fetches a page's markdown twin at `href` and copies it to the clipboard (for pasting into an AI
 * assistant). Resolves to whether it did; a failure is logged.
 */
export async function copyMarkdown(href: string): Promise<boolean> {
  const text = fetch(href).then((response) => {
    if (!response.ok) throw new Error(`${href} answered ${response.status}`);
    return response.text();
  });
  try {
    // A ClipboardItem takes the pending text, so the click's user activation is still valid when
    // it is written (Safari refuses writeText after an await).
    if (typeof ClipboardItem === 'function' && navigator.clipboard.write) {
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/plain': text.then((value) => new Blob([value], { type: 'text/plain' })) }),
      ]);
    } else {
      await navigator.clipboard.writeText(await text);
    }
    return true;
  } catch (error) {
    console.warn('Copying the page as markdown failed:', error);
    return false;
  }
}
