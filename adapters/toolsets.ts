// Toolsets: named groups of tools an MCP client can ask for with ?toolsets=review,mail
// (after GitHub's MCP server), so an agent that only reviews captures sees only those.
import type { ToolDef } from '../tools/define.ts';

export const TOOLSETS = {
  account: [
    'get_project_status',
    'register_interest',
    'get_account',
    'list_tenants',
    'create_tenant',
    'create_key',
    'list_keys',
    'revoke_key',
    'list_oauth_grants',
    'revoke_oauth_grant',
    'get_tenant',
    'set_tenant_policy',
    'list_events',
    'submit_feedback',
    'grant_support_access',
    'revoke_support_access',
  ],
  config: [
    'list_starters',
    'list_buckets',
    'get_bucket',
    'create_bucket',
    'update_bucket',
    'delete_bucket',
    'delete_learned_extractor',
    'update_learned_extractor',
    'dry_run_rule',
    'dry_run_schema',
    'get_subdomain',
    'claim_subdomain',
    'release_subdomain',
    'set_catch_all',
    'create_address',
    'list_addresses',
    'set_address_enabled',
    'set_address_forwarders',
  ],
  webhooks: ['list_destinations', 'add_destination', 'remove_destination', 'deliver_capture', 'redeliver_captures'],
  mail: [
    'ingest_message',
    'list_messages',
    'get_message',
    'get_document_text',
    'get_attachment',
    'reprocess_message',
    'get_flow',
  ],
  review: [
    'list_captures',
    'get_capture',
    'correct_field',
    'approve_capture',
    'list_tasks',
    'get_task',
    'resolve_task',
  ],
  tests: ['promote_to_test', 'list_tests', 'run_tests', 'get_test_run', 'list_test_runs', 'remove_test'],
} as const satisfies Record<string, readonly string[]>;

export type Toolset = keyof typeof TOOLSETS;

/**
 * The tool names a `?toolsets=` value selects, or null for no narrowing (absent, empty or
 * "all"). Unknown names are an error that lists the known ones.
 */
export function parseToolsets(raw: string | null): { names: Set<string> | null; unknown: string[] } {
  const wanted = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (wanted.length === 0 || wanted.includes('all')) return { names: null, unknown: [] };
  const unknown = wanted.filter((w) => !(w in TOOLSETS));
  const names = new Set(wanted.flatMap((w) => (w in TOOLSETS ? [...TOOLSETS[w as Toolset]] : [])));
  return { names, unknown };
}

export function toolsetOf(tool: ToolDef): Toolset | undefined {
  return (Object.keys(TOOLSETS) as Toolset[]).find((set) => (TOOLSETS[set] as readonly string[]).includes(tool.name));
}
