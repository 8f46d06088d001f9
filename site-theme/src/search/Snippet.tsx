import { getSnippet } from './searchEngine.js';

/** A result's text around its first match, the query's words marked: the dialog's and the search page's. */
export function Snippet({ text, query }: { text: string; query: string }) {
  return (
    <>
      {getSnippet(text, query).map((part, position) =>
        part.marked ? <mark key={position}>{part.text}</mark> : <span key={position}>{part.text}</span>,
      )}
    </>
  );
}
