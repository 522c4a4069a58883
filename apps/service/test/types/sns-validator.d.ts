/** The part of sns-validator (which ships no types) that the tests use. */
declare module 'sns-validator' {
  export default class MessageValidator {
    constructor(hostPattern?: RegExp, encoding?: string);
    validate(
      message: string | Record<string, unknown>,
      callback: (error: Error | null, message?: Record<string, unknown>) => void,
    ): void;
  }
}
