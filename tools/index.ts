// The one list of operations. Every surface (MCP stdio and HTTP, REST, OpenAPI) is
// generated from it; an operation not listed here does not exist.
import type { ToolDef } from './define.ts';
import getTestRun from './get_test_run.ts';
import grantSupportAccess from './grant_support_access.ts';
import listTestRuns from './list_test_runs.ts';
import listTests from './list_tests.ts';
import promoteToTest from './promote_to_test.ts';
import removeTest from './remove_test.ts';
import revokeSupportAccess from './revoke_support_access.ts';
import runTests from './run_tests.ts';
import addDestination from './add_destination.ts';
import deliverCapture from './deliver_capture.ts';
import redeliverCaptures from './redeliver_captures.ts';
import listDestinations from './list_destinations.ts';
import removeDestination from './remove_destination.ts';
import claimSubdomain from './claim_subdomain.ts';
import createAddress from './create_address.ts';
import getSubdomain from './get_subdomain.ts';
import listAddresses from './list_addresses.ts';
import releaseSubdomain from './release_subdomain.ts';
import setAddressEnabled from './set_address_enabled.ts';
import setAddressForwarders from './set_address_forwarders.ts';
import setCatchAll from './set_catch_all.ts';
import approveCapture from './approve_capture.ts';
import correctField from './correct_field.ts';
import getCapture from './get_capture.ts';
import getAttachment from './get_attachment.ts';
import getDocumentText from './get_document_text.ts';
import getFlow from './get_flow.ts';
import getMessage from './get_message.ts';
import getTask from './get_task.ts';
import ingestMessage from './ingest_message.ts';
import listCaptures from './list_captures.ts';
import listMessages from './list_messages.ts';
import listTasks from './list_tasks.ts';
import reprocessMessage from './reprocess_message.ts';
import resolveTask from './resolve_task.ts';
import createBucket from './create_bucket.ts';
import deleteBucket from './delete_bucket.ts';
import deleteLearnedExtractor from './delete_learned_extractor.ts';
import updateLearnedExtractor from './update_learned_extractor.ts';
import dryRunRule from './dry_run_rule.ts';
import dryRunSchema from './dry_run_schema.ts';
import getBucket from './get_bucket.ts';
import listBuckets from './list_buckets.ts';
import listStarters from './list_starters.ts';
import updateBucket from './update_bucket.ts';
import createKey from './create_key.ts';
import createTenant from './create_tenant.ts';
import getAccount from './get_account.ts';
import getProjectStatus from './get_project_status.ts';
import getTenant from './get_tenant.ts';
import listEvents from './list_events.ts';
import listKeys from './list_keys.ts';
import listTenants from './list_tenants.ts';
import registerInterest from './register_interest.ts';
import revokeKey from './revoke_key.ts';
import listOAuthGrants from './list_oauth_grants.ts';
import revokeOAuthGrant from './revoke_oauth_grant.ts';
import setTenantPolicy from './set_tenant_policy.ts';
import submitFeedback from './submit_feedback.ts';

export const tools: readonly ToolDef[] = [
  getProjectStatus,
  registerInterest,
  getAccount,
  listTenants,
  createTenant,
  createKey,
  listKeys,
  revokeKey,
  listOAuthGrants,
  revokeOAuthGrant,
  getTenant,
  setTenantPolicy,
  listStarters,
  listBuckets,
  getBucket,
  createBucket,
  updateBucket,
  deleteBucket,
  deleteLearnedExtractor,
  updateLearnedExtractor,
  getSubdomain,
  claimSubdomain,
  releaseSubdomain,
  setCatchAll,
  createAddress,
  listAddresses,
  setAddressEnabled,
  setAddressForwarders,
  listDestinations,
  addDestination,
  removeDestination,
  ingestMessage,
  listMessages,
  getMessage,
  getDocumentText,
  // An addition to the spec's 53 (issue 26): an attachment's original bytes, for the review console.
  getAttachment,
  reprocessMessage,
  getFlow,
  listCaptures,
  getCapture,
  correctField,
  approveCapture,
  deliverCapture,
  // An addition to the spec's 53 (issue 15): bulk redelivery.
  redeliverCaptures,
  listTasks,
  getTask,
  resolveTask,
  dryRunRule,
  dryRunSchema,
  promoteToTest,
  listTests,
  runTests,
  getTestRun,
  listTestRuns,
  removeTest,
  listEvents,
  submitFeedback,
  grantSupportAccess,
  revokeSupportAccess,
];

export function findTool(name: string): ToolDef | undefined {
  return tools.find((t) => t.name === name);
}
