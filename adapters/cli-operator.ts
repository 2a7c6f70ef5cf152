// `svc operator ...`: the operator's console (subdomain requests, dedicated subdomains, a
// tenant's counts and support-granted reads), split from adapters/cli.ts.
import { operatorCounts, operatorRead, type OperatorRead } from '../services/operator.ts';
import { decideRequest } from '../services/subdomains.ts';
import { listRequests, setDedicatedStatement } from '../storage/mailin.ts';
import { getTenant } from '../storage/tenants.ts';
import { tools } from '../tools/index.ts';
import { CliError, UsageError, withApp } from './cli-support.ts';

export async function operator(
  sub: string | undefined,
  arg: string | undefined,
  extra: string | undefined,
  values: { json?: boolean; note?: string; id?: string | undefined },
): Promise<void> {
  switch (sub) {
    case 'subdomain-requests':
      return withApp(async (app) => {
        const pending = await listRequests(app.db, 'pending');
        if (values.json) return console.log(JSON.stringify(pending));
        if (pending.length === 0) return console.log('no pending subdomain requests');
        for (const r of pending)
          console.log(`${r.id}  ${r.name}  tenant ${r.tenant_id}  broke ${r.rule}  reason: ${r.reason}`);
      });
    case 'approve':
    case 'refuse':
      if (!arg) throw new UsageError(`svc operator ${sub} needs the request id (sdr_...)`);
      return withApp(async (app) => {
        const decided = await decideRequest(app, arg, sub === 'approve', values.note ?? null);
        console.log(values.json ? JSON.stringify(decided) : `request ${decided.id} ${decided.status}: ${decided.name}`);
      });
    case 'dedicated':
      if (!arg || (extra !== 'on' && extra !== 'off')) throw new UsageError('svc operator dedicated TENANT_ID on|off');
      return withApp(async (app) => {
        if (!(await getTenant(app.db, arg))) throw new CliError(`no tenant ${arg}`);
        await app.db.batch([setDedicatedStatement(arg, extra === 'on')]);
        console.log(`tenant ${arg}: dedicated subdomain ${extra}`);
      });
    case 'counts':
      if (!arg) throw new UsageError('svc operator counts TENANT_ID');
      return withApp(async (app) => console.log(JSON.stringify(await operatorCounts(app, arg), null, 2)));
    case 'read': {
      const what = extra as OperatorRead | undefined;
      if (!arg || !what || !['messages', 'message', 'captures', 'capture', 'config'].includes(what)) {
        throw new UsageError('svc operator read TENANT_ID messages|message ID|captures|capture ID|config');
      }
      return withApp(async (app) =>
        console.log(JSON.stringify(await operatorRead(app, tools, arg, what, values.id), null, 2)),
      );
    }
    default:
      throw new UsageError('svc operator takes subdomain-requests, approve, refuse, dedicated, counts or read');
  }
}
