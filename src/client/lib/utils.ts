import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Up to two initials for an avatar: first + last name, else the email's first letter. */
export function initialsOf(person: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const first = person.firstName?.trim().charAt(0) ?? '';
  const last = person.lastName?.trim().charAt(0) ?? '';
  const initials = `${first}${last}`.toUpperCase();
  if (initials) return initials;
  return (person.email?.trim().charAt(0) ?? '?').toUpperCase();
}
