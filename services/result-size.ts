// The byte limit of one result. An agent's client cuts or refuses a tool result far smaller
// than what some reads can return (Claude Code warns at 10k tokens and cuts at 25k), and a
// cut result is worse than none: the agent cannot tell what is missing. So a read over the
// limit is refused whole, with the input fields that would narrow it.
import { ToolError } from './errors.ts';

/** What the limit needs of a tool definition (services never import from tools/). */
export interface SizedTool {
  name: string;
  mutating: boolean;
  narrowing?: readonly string[] | undefined;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/**
 * Whether `tool`'s result may be sent, and its JSON (the REST body and the MCP text block),
 * kept for reads so the adapter sends that text instead of serializing the result again.
 * Only reads are refused, with the inputs that narrow them: a change that has already
 * happened would look failed and invite a retry that repeats it; those results are small by
 * construction. The limit counts UTF-8 bytes.
 */
export function sizeResult(
  tool: SizedTool,
  result: unknown,
  limit: number,
): { error: ToolError; json?: undefined } | { error?: undefined; json: string | undefined } {
  if (tool.mutating) return { json: undefined };
  const json = JSON.stringify(result);
  // UTF-8 bytes without encoding: a string of that many characters cannot exceed 3 bytes each.
  const bytes = json.length * 3 <= limit ? json.length : Buffer.byteLength(json, 'utf8');
  if (bytes <= limit) return { json };
  const narrowing = [...(tool.narrowing ?? [])];
  const fix =
    narrowing.length > 0
      ? `narrow it with ${narrowing.join(', ')} and call again`
      : 'this operation has no input that narrows it; ask the operator to raise SVC_MAX_RESULT_BYTES';
  const error = new ToolError(
    'too_large',
    `The result of ${tool.name} is ${kb(bytes)}, over the ${kb(limit)} one result may take; ${fix}.`,
    { limit_bytes: limit, result_bytes: bytes, narrowing },
  );
  return { error };
}
