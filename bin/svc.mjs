#!/usr/bin/env node
// The `svc` command. Node 20 cannot run TypeScript by itself, so tsx's loader is
// registered first; the CLI itself lives in adapters/cli.ts.
import { register } from 'tsx/esm/api';

register();
await import('../adapters/cli.ts');
