import type { HeadingProps } from '../props.js';

/** A heading of the content with its anchor link (overridable: `src/theme/Heading.tsx`). */
export function Heading({ as: Tag, id, anchorLabel, className = 'anchor', children, ...attributes }: HeadingProps) {
  return (
    <Tag id={id} className={className} {...attributes}>
      {children}
      {id ? (
        <a className="hash-link" href={`#${id}`} aria-label={anchorLabel}>
          &#8203;
        </a>
      ) : null}
    </Tag>
  );
}
