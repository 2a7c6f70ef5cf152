// zod shapes of learned extractors (services/learning.ts): what a correction taught, as
// correct_field reports it and get_bucket lists it.
import { z } from 'zod';

export const LearnedExtractorView = z.object({
  id: z.string().describe('lrn_...; update_ or delete_learned_extractor edits or removes it.'),
  vendor_domain: z.string().describe("The sender's domain (the original sender's for a trusted forwarder's mail)."),
  field: z.string(),
  extractor: z.record(z.string(), z.unknown()).describe('A schema extractor: labeled_value or regex.'),
  learned_from: z.string().describe('The capture whose correction taught it.'),
  confirmations: z
    .number()
    .int()
    .describe("Approvals that kept its value, or applied values uncorrected at the vendor's next mail."),
  corrections: z.number().int().describe('Corrections of its values; each lowers its confidence.'),
});

export const LearningView = z.object({
  status: z.enum(['learned', 'updated', 'replaced', 'kept', 'not_learned']),
  reason: z.string(),
  learned_extractor: LearnedExtractorView.nullable(),
  test_case_id: z.string().nullable().describe('The regression case the capture became (origin learned).'),
});
