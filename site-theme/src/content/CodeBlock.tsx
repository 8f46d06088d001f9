import type { CodeBlockProps } from '../props.js';

/**
 * A code block of the content (overridable: `src/theme/CodeBlock.tsx`): highlighted at build time,
 * with a copy button the browser wires (enhanceContent); a diagram's code shows until it is drawn.
 */
export function CodeBlock({ language, title, lineNumbers, code, children, diagram, copyLabel, copiedLabel }: CodeBlockProps) {
  // Numbered lines (`showLineNumbers=N`) count from the number of the first: the CSS counter of `.code-line`.
  const firstLine = lineNumbers !== undefined && /^\d+$/.test(lineNumbers) ? Number(lineNumbers) : 1;
  const block = (
    <div className={`code-block language-${language}`} data-language={language}>
      {title ? <div className="code-block__title">{title}</div> : null}
      <div className="code-block__content">
        <pre
          className={`code-block__pre language-${language}`}
          tabIndex={0}
          data-line-numbers={lineNumbers}
          style={firstLine !== 1 ? { counterReset: `code-line ${firstLine - 1}` } : undefined}
        >
          {code ? <code className={code.className} dangerouslySetInnerHTML={{ __html: code.html }} /> : children}
        </pre>
        <button type="button" className="copy-button" aria-label={copyLabel} title={copyLabel} data-copied-label={copiedLabel}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M19 21H8V7h11m0-2H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m-3-4H4a2 2 0 0 0-2 2v14h2V3h12V1Z"
            />
          </svg>
        </button>
      </div>
    </div>
  );
  return diagram ? (
    <div className="diagram" data-diagram={diagram}>
      {block}
    </div>
  ) : (
    block
  );
}
