import { z } from 'zod';
import { isValidUrlName } from '../slug.ts';
import { meetsPasswordRules } from '../password.ts';
import { URL_NAME_MESSAGE } from './admin.ts';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Invalid email')
  .pipe(z.email({ error: 'Invalid email' }));

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max);
const optional = (max = 500) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max).nullable().optional(),
  );

/** POST /api/register/request-verification: the contact step. */
export const VerificationRequest = z
  .object({
    email,
    competitionUic: z.number().int().positive().nullable().optional(),
    packageId: z.number().int().positive().nullable().optional(),
  })
  .refine((v) => Boolean(v.competitionUic) !== Boolean(v.packageId), {
    message: 'Register for a competition or a package',
  });
export type VerificationRequest = z.input<typeof VerificationRequest>;

export const TokenBody = z.object({ token: z.string().min(1).max(200) });
export const TokenQuery = z.object({ token: z.string().max(200).default('') });

/** POST /api/register/verify. */
export const VerificationResult = z.object({
  competitionUic: z.number().int().nullable(),
  packageId: z.number().int().nullable(),
  token: z.string(),
});
export type VerificationResult = z.infer<typeof VerificationResult>;

/** GET /api/register/verification-token-email. */
export const TokenEmail = z.object({ email: z.string() });

export const PHONE_MESSAGE = 'Enter a valid phone number';
/** 7 to 20 digits, spaces, hyphens, brackets or plus signs, once whitespace is removed. */
export const isValidPhone = (phone: string) => /^[\d\-()+]{7,20}$/.test(phone.replace(/\s+/g, ''));

const phone = (requiredMessage: string) =>
  required(requiredMessage, 40).refine(isValidPhone, PHONE_MESSAGE);

const today = () => new Date().toISOString().slice(0, 10);

/** The athlete's personal step. */
export const PersonalInfo = z.object({
  firstName: optional(100),
  lastName: optional(100),
  email: optional(254),
  country: required('Country is required', 100),
  countryCode: optional(10),
  phone: phone('Phone number is required'),
  address: required('Address is required'),
  city: required('City is required', 100),
  state: required('State is required', 100),
  zip: required('Zip code is required', 20),
  dob: z
    .string({ error: 'Date of birth is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth is required')
    .refine((d) => d <= today(), 'Date of birth cannot be in the future'),
  gender: z.enum(['male', 'female', 'other'], { error: 'Gender is required' }),
  association: optional(200),
  tiktok: optional(200),
  instagram: optional(200),
  facebook: optional(500),
  emergencyName: required('Emergency contact name is required', 200),
  emergencyPhone: phone('Emergency contact phone is required'),
});
export type PersonalInfo = z.output<typeof PersonalInfo>;
export type PersonalInfoValues = z.input<typeof PersonalInfo>;

/** POST /api/register/personal-info. */
export const PersonalInfoRequest = z.object({
  competitionUic: z.number().int().positive(),
  token: z.string().min(1).max(200),
  personalInfo: PersonalInfo,
});

export const hardwareOptions = [
  { code: 'FINISH_LYNX_CAMERA', label: 'Finish Lynx Camera only' },
  { code: 'LYNXPAD', label: 'Lynxpad User' },
  { code: 'MANUAL', label: 'None / Manual Data Entry' },
  { code: 'OTHER', label: 'Other / Please Specify' },
] as const;
export const HardwareCode = z.enum(['FINISH_LYNX_CAMERA', 'LYNXPAD', 'MANUAL', 'OTHER']);

/** The club registration form and POST /api/register/club-admin. */
export const ClubRegistration = z
  .object({
    token: z.string().min(1).max(200),
    packageId: z.number().int().positive(),
    email,
    password: z
      .string({ error: 'Password is required' })
      .min(1, 'Password is required')
      .max(1024, 'Password does not meet security requirements')
      .refine(meetsPasswordRules, 'Password does not meet security requirements'),
    clubName: required('Club name is required'),
    address: required('Club address is required'),
    city: required('City is required', 100),
    state: required('State is required', 100),
    zip: required('Zip code is required', 20),
    country: required('Country is required', 100),
    countryCode: required('Country code is required', 10),
    phone: required('Phone is required', 40),
    managerName: required('Manager name is required'),
    facebook: optional(500),
    urlName: required('URL name is required', 100).refine(isValidUrlName, URL_NAME_MESSAGE),
    visible: z.boolean().default(true),
    hardware: z.array(HardwareCode).min(1, 'Select at least one timing & results system option'),
    otherHardware: optional(200),
  })
  .superRefine((v, ctx) => {
    if (v.hardware.includes('OTHER') && !v.otherHardware) {
      ctx.addIssue({
        code: 'custom',
        path: ['otherHardware'],
        message: 'Please specify other hardware',
      });
    }
  });
export type ClubRegistration = z.output<typeof ClubRegistration>;
export type ClubRegistrationValues = z.input<typeof ClubRegistration>;

export const ALREADY_REGISTERED =
  'This email is already registered. You can log in or reset your password.';
export const INVALID_LINK =
  'Invalid or expired verification link. Please restart the registration process.';

/** Stable names of the registration refusals: the `code` of the error body. */
export const RegistrationErrorCode = {
  linkInvalid: 'link_invalid',
  alreadyRegistered: 'already_registered',
  urlNameTaken: 'url_name_taken',
  entriesClosed: 'entries_closed',
  planComingSoon: 'plan_coming_soon',
  tooManyAttempts: 'registration_rate_limited',
} as const;

export const TOO_MANY_REGISTRATIONS =
  'Too many registration attempts from your network. Please wait a minute and try again.';
