import { z } from 'zod';
import { meetsPasswordRules } from '../password.ts';
import { SessionUser } from './session.ts';

const email = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, 'Invalid email')
    .pipe(z.email({ error: 'Invalid email' }));

/**
 * POST /api/admin/login. The body's field is `username`, but the form asks for an e-mail:
 * the form's e-mail travels as `username`.
 */
export const LoginRequest = z.object({
  username: email('Email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.input<typeof LoginRequest>;
export const LoginResponse = z.object({ ok: z.literal(true), user: SessionUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ForgotPasswordRequest = z.object({ email: email('Email is required') });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

export const ResetTokenQuery = z.object({ token: z.string().max(200).default('') });
export const ResetTokenValidity = z.object({ valid: z.boolean() });
export type ResetTokenValidity = z.infer<typeof ResetTokenValidity>;

export const PASSWORD_RULES_MESSAGE = 'Password does not meet security requirements.';
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match.';

/** The new password, as the server checks it: the rules of the live checklist (password.ts). */
export const NewPassword = z
  .string()
  .max(1024, PASSWORD_RULES_MESSAGE)
  .refine(meetsPasswordRules, PASSWORD_RULES_MESSAGE);

export const ResetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  password: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** The reset form: the same password rules plus a confirmation that matches. */
export const ResetPasswordForm = z
  .object({ password: NewPassword, confirm: z.string().min(1, 'Please confirm your password.') })
  .refine((v) => v.password === v.confirm, {
    message: PASSWORDS_DIFFER_MESSAGE,
    path: ['confirm'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

export const OkResponse = z.object({ ok: z.literal(true) });
