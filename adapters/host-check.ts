// DNS-rebinding protection for MCP over HTTP (MCP transport spec: servers must validate
// Origin). A page on evil.example whose name is rebound to 127.0.0.1 sends Host and
// Origin naming evil.example: both must name a host this service answers to.
import { isIP } from 'node:net';
import type { Config } from '../services/config.ts';
import { ToolError } from '../tools/define.ts';

const LOCAL_NAMES = ['localhost', '127.0.0.1', '::1'];
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

function bare(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

/** Host names (no ports) the MCP endpoint answers: localhost forms, the listening and public hosts, SVC_ALLOWED_HOSTS. */
export function allowedHosts(config: Config): Set<string> {
  const hosts = new Set([...LOCAL_NAMES, bare(config.host), ...config.allowedHosts.map(bare)]);
  if (config.publicUrl) hosts.add(bare(new URL(config.publicUrl).hostname));
  return hosts;
}

function hostnameOf(hostHeader: string): string | null {
  try {
    return bare(new URL(`http://${hostHeader}`).hostname);
  } catch {
    return null;
  }
}

/**
 * The refusal for a request whose Host or Origin names a host not allowed, else null.
 * Bound to every interface (0.0.0.0), any IP literal is also allowed: a rebinding attack
 * always arrives under a DNS name, never an address.
 */
export function checkHostAndOrigin(config: Config, hosts: Set<string>, headers: Headers): ToolError | null {
  const anyAddress = WILDCARDS.has(bare(config.host));
  const allowed = (name: string | null) => name !== null && (hosts.has(name) || (anyAddress && isIP(name) !== 0));
  const fix = 'add it to SVC_ALLOWED_HOSTS (comma-separated) or set SVC_PUBLIC_URL';
  // In-process requests (tests, h3 fetch) carry no Host; every HTTP/1.1 request from a socket does.
  const host = headers.get('host');
  if (host !== null && !allowed(hostnameOf(host))) {
    return new ToolError('forbidden', `Host '${host}' is not served here (DNS-rebinding protection); ${fix}.`, {
      host,
    });
  }
  const origin = headers.get('origin');
  if (origin !== null) {
    let name: string | null = null;
    try {
      name = bare(new URL(origin).hostname);
    } catch {
      name = null;
    }
    if (!allowed(name)) {
      return new ToolError(
        'forbidden',
        `Origin '${origin}' may not call this MCP endpoint (DNS-rebinding protection); ${fix}.`,
        { origin },
      );
    }
  }
  return null;
}
