/**
 * The contact form, shared with the storefront: its fields (docs/product.md#data), their
 * rules (docs/product.md#validation) and choices (docs/product.md#constants-and-limits).
 */
import { z } from 'zod';
import { CHILD_AGES, CONTACT_SUBJECTS } from './contact-choices.ts';

export { CHILD_AGES, CONTACT_SUBJECTS };

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const contactSubmissionSchema = z.object({
  formId: z.literal('contact_form', 'formId must be contact_form'),
  name: z
    .string('Name is required')
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name cannot exceed 100 characters'),
  email: z.string('Email is required').trim().pipe(z.email('Email is not a valid email').max(320)),
  phone: optionalText(20, 'Phone cannot exceed 20 characters'),
  subject: z.enum(CONTACT_SUBJECTS, 'Subject must be one of the valid options'),
  message: z
    .string('Message is required')
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(1000, 'Message cannot exceed 1000 characters'),
  child_age: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(CHILD_AGES, "Child's age must be one of the valid options").nullable(),
  ),
  /** A field people never see: bots fill it in. */
  website: z.string().max(500).optional(),
});

export const contactResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;
export type ContactResponse = z.infer<typeof contactResponseSchema>;
