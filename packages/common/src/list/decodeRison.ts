/// <reference path="./rison.d.ts" />
import rison from 'rison';

/** Thrown when text is not valid rison; the message says what the parser tripped on. */
export class RisonSyntaxError extends Error {
  override name = 'RisonSyntaxError';
}

/**
 * Decodes rison text. The library logs its errors to the console and crashes on some truncated input
 * (`(a:1`), so this uses a quiet parser instance and turns every failure into a RisonSyntaxError.
 */
export function decodeRison(text: string): unknown {
  const parser = new rison.parser();
  parser.error = function quietError(message) {
    this.message = message;
    return undefined;
  };
  let value: unknown;
  try {
    value = parser.parse(text);
  } catch {
    throw new RisonSyntaxError('unexpected end of input');
  }
  if (parser.message) throw new RisonSyntaxError(parser.message);
  return value;
}
