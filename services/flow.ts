// The flow graph: sources -> buckets -> outcomes -> exits, counted per message by its
// newest processing. Counts only: no subjects, senders or text.
import type { FlowRow } from '../storage/flow.ts';

export interface FlowNode {
  id: string;
  kind: 'source' | 'bucket' | 'outcome' | 'exit';
  label: string;
  count: number;
}
export interface FlowLink {
  from: string;
  to: string;
  count: number;
}

function sourceNode(row: FlowRow): [string, string] {
  if (row.source === 'upload') return ['source:uploads', 'uploads (ingest_message)'];
  return row.address_id
    ? [`source:address:${row.address_id}`, `address ${row.address_id}`]
    : ['source:catch_all', 'catch-all'];
}

function outcomeNode(row: FlowRow): [string, string] {
  if (!row.capture_status) return ['outcome:unrouted', 'unrouted'];
  if (row.capture_status === 'applied') {
    return row.applied_by === 'policy' ? ['outcome:auto_applied', 'auto-applied'] : ['outcome:approved', 'approved'];
  }
  return [`outcome:held:${row.reason}`, `held (${row.reason})`];
}

/** Where a message ends up: delivered by webhook, failed delivery (given up), else held for reading through the API. */
function exitOf(row: FlowRow): [string, string] {
  if (row.delivered) return ['exit:webhook_delivered', 'webhook delivered'];
  if (row.failed) return ['exit:webhook_failed', 'webhook failed'];
  return ['exit:held_for_reading', 'held for reading'];
}

export function buildFlow(rows: FlowRow[]) {
  const nodes = new Map<string, FlowNode>();
  const links = new Map<string, FlowLink>();
  const node = (id: string, kind: FlowNode['kind'], label: string) => {
    const n = nodes.get(id) ?? { id, kind, label, count: 0 };
    n.count++;
    nodes.set(id, n);
  };
  const link = (from: string, to: string) => {
    const key = `${from}\u0000${to}`;
    const l = links.get(key) ?? { from, to, count: 0 };
    l.count++;
    links.set(key, l);
  };
  for (const row of rows) {
    const [sourceId, sourceLabel] = sourceNode(row);
    const [outcomeId, outcomeLabel] = outcomeNode(row);
    const [exitId, exitLabel] = exitOf(row);
    node(sourceId, 'source', sourceLabel);
    node(outcomeId, 'outcome', outcomeLabel);
    node(exitId, 'exit', exitLabel);
    if (row.bucket_id) {
      const bucketId = `bucket:${row.bucket_id}`;
      node(bucketId, 'bucket', row.bucket_name ?? row.bucket_id);
      link(sourceId, bucketId);
      link(bucketId, outcomeId);
    } else {
      link(sourceId, outcomeId);
    }
    link(outcomeId, exitId);
  }
  return { messages: rows.length, nodes: [...nodes.values()], links: [...links.values()] };
}
