import { z } from 'zod';
import { VERSION } from '../services/config.ts';
import { defineTool } from './define.ts';

const PRICE_BANDS = [
  { band: 'free_only', meaning: 'Only a free tier would work for you.' },
  { band: 'pay_per_message', meaning: 'Pay for what is processed, no monthly fee.' },
  { band: 'usd_10_25_month', meaning: 'USD 10 to 25 a month.' },
  { band: 'usd_25_75_month', meaning: 'USD 25 to 75 a month.' },
  { band: 'usd_75_200_month', meaning: 'USD 75 to 200 a month.' },
  { band: 'usd_200_plus_month', meaning: 'More than USD 200 a month.' },
];

export default defineTool({
  name: 'get_project_status',
  description:
    'Read where the service stands: version, stage (beta), the beta terms, and the price bands that ' +
    'register_interest accepts. Nothing is charged during the beta. Use it before telling a user what the service costs.',
  scope: 'read',
  mutating: false,
  title: 'Project status',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  tenantScoped: false,
  http: { method: 'GET', path: '/v1/status' },
  input: z.strictObject({}),
  output: z.object({
    service: z.string(),
    version: z.string(),
    stage: z.literal('beta'),
    charged: z.boolean().describe('false: nothing is charged'),
    beta_terms: z.array(z.string()),
    price_bands: z.array(z.object({ band: z.string(), meaning: z.string() })),
  }),
  handler: async () => ({
    service: 'inbound email capture',
    version: VERSION,
    stage: 'beta' as const,
    charged: false,
    beta_terms: [
      'Nothing is charged during the beta; no payment details are asked for.',
      'Sandbox tenants expire 30 days after creation; their data is then unreachable.',
      'Interfaces under /v1 may gain fields; existing fields keep their meaning.',
      'Data stays on the server that received it; support staff read it only under a support grant you give.',
    ],
    price_bands: PRICE_BANDS,
  }),
});
