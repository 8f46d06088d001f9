import { createInterface } from 'node:readline/promises';
import { DEFAULT_TITLE, DEFAULT_URL, InitError, validateStarterOptions } from './init.js';

export interface StarterAnswers {
  title: string;
  url: string;
  locales: string[];
  blog: boolean;
}

/**
 * Asks for what `docgen init` was not told, on a terminal only (the caller checks): each question
 * shows its default, taken by pressing Enter, and is asked again after an answer it cannot use.
 */
export async function askStarterOptions(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<StarterAnswers> {
  // Lines are read through the iterator, which keeps those typed (or pasted) ahead of a question.
  const lines = createInterface({ input, terminal: false });
  const answers = lines[Symbol.asyncIterator]();
  const ask = async (question: string, fallback: string) => {
    output.write(`${question} (${fallback}): `);
    const answer = await answers.next();
    if (answer.done) {
      throw new InitError('The input ended before every question was answered.', 'Give the answers as options: docgen init --help');
    }
    return (answer.value as string).trim() || fallback;
  };
  const askUntilValid = async <T>(question: string, fallback: string, parse: (answer: string) => T): Promise<T> => {
    for (;;) {
      const answer = await ask(question, fallback);
      try {
        return parse(answer);
      } catch (error) {
        if (!(error instanceof InitError)) throw error;
        output.write(`${error.message} ${error.hint}\n`);
      }
    }
  };
  try {
    const title = await ask('Title of the site', DEFAULT_TITLE);
    const url = await askUntilValid('URL it will be deployed at', DEFAULT_URL, (answer) => {
      validateStarterOptions({ title, url: answer, locales: ['en'] });
      return answer;
    });
    const locales = await askUntilValid('Locales, the default one first', 'en', (answer) =>
      validateStarterOptions({ title, url, locales: splitList(answer) }),
    );
    const blog = await askUntilValid('Add a blog? (y/n)', 'y', (answer) => {
      if (/^y(es)?$/i.test(answer)) return true;
      if (/^no?$/i.test(answer)) return false;
      throw new InitError(`"${answer}" is neither yes nor no.`, 'Answer y or n.');
    });
    return { title, url, locales, blog };
  } finally {
    lines.close();
  }
}

/** `ko, en` -> ['ko', 'en']. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
