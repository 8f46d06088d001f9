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
  const lines = createInterface({ input, output });
  const ask = async (question: string, fallback: string) => (await lines.question(`${question} (${fallback}): `)).trim() || fallback;
  const askUntilValid = async <T>(question: string, fallback: string, parse: (answer: string) => T): Promise<T> => {
    for (;;) {
      try {
        return parse(await ask(question, fallback));
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
