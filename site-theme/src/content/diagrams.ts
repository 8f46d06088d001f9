/**
 * Draws the mermaid diagrams of a slot of content in the browser. mermaid is large: it is
 * imported here, on demand, only by pages that have a diagram (a chunk of the site's own bundle,
 * never a CDN). Each diagram is drawn beside its code block, which readers without JavaScript see
 * and CSS hides once the drawing is there; a colour mode change draws them again in its colours.
 */
let drawn = 0;

export function drawDiagrams(root: HTMLElement): () => void {
  const blocks = [...root.querySelectorAll<HTMLElement>('.diagram[data-diagram="mermaid"]')];
  if (blocks.length === 0) return () => {};
  let live = true;
  let run = Promise.resolve();
  const draw = async () => {
    const { default: mermaid } = await import('mermaid');
    const dark = document.documentElement.getAttribute('data-theme') === 'dark';
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
    for (const block of blocks) {
      if (!live) return;
      const source = block.querySelector('code')?.textContent ?? '';
      try {
        const { svg } = await mermaid.render(`docgen-mermaid-${++drawn}`, source);
        if (!live) return;
        let figure = block.querySelector<HTMLElement>(':scope > .diagram__drawing');
        if (!figure) {
          figure = document.createElement('div');
          figure.className = 'diagram__drawing';
          block.append(figure);
        }
        figure.innerHTML = svg;
        block.setAttribute('data-drawn', dark ? 'dark' : 'light');
      } catch (error) {
        // The code block stays: a reader sees the diagram's source, the console why it was not drawn.
        console.warn('docgen: a mermaid diagram could not be drawn', error);
      }
    }
  };
  const redraw = () => {
    run = run.then(draw, draw);
  };
  redraw();
  const observer = new MutationObserver(redraw);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    live = false;
    observer.disconnect();
  };
}
