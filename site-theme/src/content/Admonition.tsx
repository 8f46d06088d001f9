import type { AdmonitionProps } from '../props.js';

/** Icons of the admonitions (16 x 16, even-odd filled): a circled i, a light bulb, a warning triangle, a stop sign. */
const ICON_PATHS = {
  info: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-1 3h2v2H7V4Zm0 3h2v5H7V7Z',
  tip: 'M8 1a5 5 0 0 0-3 9v2h6v-2a5 5 0 0 0-3-9Zm-2 12h4v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1v-1Z',
  warning: 'M8 1 .5 14.5h15L8 1ZM7 6h2v4H7V6Zm0 5h2v2H7v-2Z',
  danger: 'M5 1h6l4 4v6l-4 4H5l-4-4V5l4-4Zm2 3v5h2V4H7Zm0 6v2h2v-2H7Z',
};
const ICONS: Record<string, keyof typeof ICON_PATHS> = {
  note: 'info',
  info: 'info',
  tip: 'tip',
  warning: 'warning',
  caution: 'warning',
  danger: 'danger',
};

/** An admonition of the content (overridable: `src/theme/Admonition.tsx`). */
export function Admonition({ type, title, icon, children }: AdmonitionProps) {
  return (
    <div className={`admonition admonition-${type}`}>
      <div className="admonition-heading">
        {icon ? (
          <span className="admonition-icon">{icon}</span>
        ) : (
          <svg className="admonition-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" fillRule="evenodd" d={ICON_PATHS[ICONS[type] ?? 'info']} />
          </svg>
        )}
        {title}
      </div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}
