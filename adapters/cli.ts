// The `svc` command: serve, MCP over stdio, and the operator's console (adapters/cli-operator.ts). Configuration
// comes from SVC_* environment variables (README); flags only name what to act on.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { AppContext } from '../services/app.ts';
import { createSandbox, createStandardAccount, issueKey } from '../services/accounts.ts';
import { loadConfig, VERSION } from '../services/config.ts';
import { countAccounts, getAccount, getAccountByEmail, verifyAccount } from '../storage/accounts.ts';
import { SCOPES, type Scope } from '../storage/keys.ts';
import { closeLogger, configureLogger } from '../services/log.ts';
import { tools } from '../tools/index.ts';
import { databaseLabel, listenOrExplain, openApp, StartupError } from './startup.ts';
import { ToolError } from '../tools/define.ts';
import { createHttpApp, listenHttp } from './http.ts';
import { serveStdio } from './stdio.ts';
import { operator } from './cli-operator.ts';
import { CliError, UsageError, withApp } from './cli-support.ts';
import { listenSmtp } from './smtp.ts';
import { DeliveryWorker } from '../services/webhooks.ts';
import { startRetention } from '../services/retention.ts';
import { getTenant } from '../storage/tenants.ts';

const USAGE = `svc ${VERSION}: inbound email capture

  svc serve                         run the HTTP service (REST /v1, MCP /mcp/<key>)
  svc mcp                           MCP over stdio; the key comes from SVC_API_KEY
  svc sandbox [--json]              create a throwaway account with one sandbox tenant
  svc account create --email E [--json]
                                    create a standard (unverified) account
  svc account verify ACCOUNT_ID     mark an account's email verified (operator)
  svc key create --account ACCOUNT_ID [--label L] [--scopes read,run,...] [--json]
                                    issue a key for an account (operator; default every scope)
  svc key create --tenant TENANT_ID [--label L] [--scopes ...] [--json]
                                    issue a key reaching only that existing tenant, e.g. a
                                    sandbox whose key was lost (operator)
  svc inspect                       open the MCP inspector on the running server
                                    (key from SVC_API_KEY)
  svc operator subdomain-requests [--json]
                                    list subdomain exception requests awaiting review
  svc operator approve REQUEST_ID [--note N]
  svc operator refuse REQUEST_ID [--note N]
                                    decide a subdomain exception request
  svc operator dedicated TENANT_ID on|off
                                    answer <local>@<handle>.<domain> for that tenant too
  svc operator counts TENANT_ID     counts of a tenant (always allowed)
  svc operator read TENANT_ID messages|message ID|captures|capture ID|config
                                    read a tenant's data; needs its support grant, and is
                                    written to its events with actor "operator"

Configuration is by environment variables (SVC_DATA_DIR, SVC_DATABASE_URL, SVC_HTTP_PORT, ...): see README.md.`;

function mcpUrl(base: string, key: string): string {
  return `${base}/mcp/${key}`;
}

function baseUrl(app: AppContext, listening?: string): string {
  return app.config.publicUrl ?? listening ?? `http://${app.config.host}:${app.config.httpPort}`;
}

async function serve(): Promise<void> {
  const config = loadConfig();
  const logger = configureLogger(config.logLevel);
  const app = await openApp(config);
  const firstRun = (await countAccounts(app.db)) === 0;
  const http = await listenOrExplain('HTTP', 'SVC_HTTP_PORT', app.config.httpPort, app.config.host, () =>
    listenHttp(createHttpApp(app, tools), app.config.httpPort, app.config.host),
  );
  const base = baseUrl(app, http.url);
  if (firstRun) {
    const sandbox = await createSandbox(app, 'system');
    console.log('Empty database: created a sandbox (the key is shown only this once):');
    console.log(`  key:     ${sandbox.key}`);
    console.log(`  tenant:  ${sandbox.tenant_id}`);
    console.log(`  account: ${sandbox.account_id}`);
    console.log(`  MCP URL: ${mcpUrl(base, sandbox.key)}`);
  } else {
    // Keys are shown once, when they are made: say how to get one instead of leaving a
    // second `npm start` silent about it.
    console.log(
      `Database ${databaseLabel(app.config.databaseUrl)} has accounts already; no key is shown again. For a key:`,
    );
    console.log('  npm run cli -- sandbox                           a new sandbox tenant and its key');
    console.log('  npm run cli -- key create --tenant TENANT_ID     a new key for a tenant you have (operator)');
    console.log(`MCP clients that sign in with OAuth take ${base}/mcp and ask for a key in the browser.`);
  }
  const smtp =
    app.config.smtpPort > 0
      ? await listenOrExplain('SMTP', 'SVC_SMTP_PORT', app.config.smtpPort, app.config.host, () =>
          listenSmtp(app, app.config.smtpPort, app.config.host),
        )
      : null;
  if (smtp) console.log(`SMTP listening on ${app.config.host}:${smtp.port} for ${app.config.inboundDomain}`);
  const worker = app.config.webhookWorker ? new DeliveryWorker(app) : null;
  worker?.start();
  const stopRetention = startRetention(app);
  app.analysis.warm();
  logger.info(
    {
      version: VERSION,
      http: http.url,
      smtp_port: smtp?.port ?? null,
      inbound_domain: app.config.inboundDomain,
      webhook_worker: worker !== null,
      database: databaseLabel(app.config.databaseUrl),
      log_level: app.config.logLevel,
    },
    'svc started',
  );
  const stop = async (signal: string) => {
    logger.info({ signal }, 'svc stopping');
    stopRetention();
    await worker?.stop();
    await smtp?.close();
    await http.close();
    await app.analysis.destroy();
    app.db.close();
    logger.info('svc stopped');
    // Log writes are asynchronous: wait until every line is written, in order, before exiting.
    await closeLogger();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  // Printed last, after the signal handlers exist: whoever waits for this line has
  // everything above it and may stop the process at once.
  console.log(`svc ${VERSION} listening on ${http.url}`);
}

function parseScopes(raw: string | undefined): Scope[] {
  if (!raw) return [...SCOPES];
  const scopes = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad.length > 0 || scopes.length === 0) {
    throw new UsageError(`--scopes takes a comma list of ${SCOPES.join(', ')} (bad: ${bad.join(', ') || 'empty'})`);
  }
  return scopes as Scope[];
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      email: { type: 'string' },
      account: { type: 'string' },
      tenant: { type: 'string' },
      label: { type: 'string' },
      scopes: { type: 'string' },
      note: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'serve':
      return serve();
    case 'mcp': {
      const key = process.env.SVC_API_KEY;
      if (!key) throw new UsageError('svc mcp needs the API key in SVC_API_KEY');
      const config = loadConfig();
      // stdout carries the protocol: log lines go to stderr.
      configureLogger(config.logLevel, 2);
      return serveStdio(await openApp(config), tools, key);
    }
    case 'sandbox':
      return withApp(async (app) => {
        const sandbox = await createSandbox(app, 'operator');
        const out = {
          key: sandbox.key,
          tenant_id: sandbox.tenant_id,
          account_id: sandbox.account_id,
          mcp_url: mcpUrl(baseUrl(app), sandbox.key),
        };
        console.log(
          values.json
            ? JSON.stringify(out)
            : Object.entries(out)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n'),
        );
      });
    case 'account':
      if (sub === 'create') {
        const email = values.email;
        if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
          throw new UsageError('svc account create needs --email you@example.com');
        return withApp(async (app) => {
          if (await getAccountByEmail(app.db, email))
            throw new CliError(`an account with email ${email} already exists`);
          const account = await createStandardAccount(app, email);
          console.log(
            values.json ? JSON.stringify(account) : `account ${account.id} created for ${email} (not verified)`,
          );
        });
      }
      if (sub === 'verify') {
        if (!arg) throw new UsageError('svc account verify needs the account id (acc_...)');
        return withApp(async (app) => {
          const account = await getAccount(app.db, arg);
          if (!account) throw new CliError(`no account ${arg}`);
          if (account.kind !== 'standard')
            throw new CliError(`${arg} is a throwaway (sandbox) account; only standard accounts are verified`);
          const changed = await verifyAccount(app.db, arg, app.now());
          console.log(changed ? `account ${arg} verified` : `account ${arg} was already verified`);
        });
      }
      throw new UsageError('svc account takes create or verify');
    case 'key':
      if (sub === 'create') {
        if (!values.account && !values.tenant)
          throw new UsageError('svc key create needs --account ACCOUNT_ID or --tenant TENANT_ID');
        const scopes = parseScopes(values.scopes);
        return withApp(async (app) => {
          let accountId = values.account;
          let tenants: string[] | null = null;
          if (values.tenant) {
            const tenant = await getTenant(app.db, values.tenant);
            if (!tenant)
              throw new CliError(
                `no tenant ${values.tenant} (tenant ids look like ten_...; svc operator counts TENANT_ID checks one)`,
              );
            if (accountId && accountId !== tenant.account_id)
              throw new CliError(`tenant ${tenant.id} belongs to account ${tenant.account_id}, not ${accountId}`);
            accountId = tenant.account_id;
            tenants = [tenant.id];
          }
          if (!(await getAccount(app.db, accountId!))) throw new CliError(`no account ${accountId}`);
          const made = await issueKey(app, accountId!, values.label ?? 'operator-issued', scopes, tenants);
          const out = { ...made, account_id: accountId, ...(tenants ? { tenant_id: tenants[0] } : {}) };
          console.log(values.json ? JSON.stringify(out) : `key (shown once): ${made.key}`);
        });
      }
      throw new UsageError('svc key takes create');
    case 'inspect': {
      const key = process.env.SVC_API_KEY;
      if (!key) throw new UsageError('svc inspect needs the API key in SVC_API_KEY (the one `svc serve` printed)');
      const config = loadConfig();
      const url = mcpUrl(config.publicUrl ?? `http://${config.host}:${config.httpPort}`, key);
      const child = spawn(
        'npx',
        ['@modelcontextprotocol/inspector', '--web', '--transport', 'http', '--server-url', url],
        { stdio: 'inherit' },
      );
      child.on('exit', (code) => process.exit(code ?? 0));
      return;
    }
    case 'operator':
      return operator(sub, arg, positionals[3], { ...values, id: positionals[4] });
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // One line each: the message already says what is wrong; the usage text is one `svc --help` away.
  if (error instanceof ToolError || error instanceof StartupError || error instanceof CliError) {
    console.error(`svc: ${error.message}`);
    process.exit(1);
  }
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`svc: ${(error as Error).message} (svc --help lists the commands)`);
    process.exit(2);
  }
  console.error('svc:', error instanceof Error ? error.message : error);
  process.exit(1);
});
