import { ValidationError } from '../../../kernel/public.js';

/** Emails are unique per bank, compared case-insensitively. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string, pointer = '/email'): string {
  const normalised = normaliseEmail(email);
  if (normalised.length > 254 || !PLAUSIBLE_EMAIL.test(normalised)) {
    throw ValidationError.field(pointer, 'email must be an email address', 'invalid_email');
  }
  return normalised;
}

export function defaultTeamName(userName: string): string {
  return `${userName}'s team`;
}

export const OPERATOR_TEAM_NAME = 'operator';
export const OPERATOR_USER_NAME = 'operator';
/** The operator user needs an email like every user; `.invalid` can never be delivered to. */
export const OPERATOR_EMAIL = 'operator@operator.invalid';
