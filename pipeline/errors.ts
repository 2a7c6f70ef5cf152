// Refusals of tenant-written rules, regexes and schemas, by name and JSON path. The
// tools turn them into 400 invalid_rule / invalid_regex / invalid_schema.
export class DefinitionError extends Error {
  constructor(
    readonly code: 'invalid_rule' | 'invalid_regex' | 'invalid_schema',
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}
