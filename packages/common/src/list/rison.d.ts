/** The parts of the untyped CommonJS `rison` 0.1.1 package that decodeRison.ts uses. */
declare module 'rison' {
  interface RisonParser {
    parse(text: string): unknown;
    /** Records the message and returns undefined; the stock one also logs it to the console. */
    error: (this: RisonParser, message: string) => undefined;
    message: string | null;
  }
  interface Rison {
    parser: new (errorHandler?: (message: string, index: number) => void) => RisonParser;
    decode(text: string): unknown;
    encode(value: unknown): string;
    encode_uri(value: unknown): string;
  }
  const rison: Rison;
  export = rison;
}
