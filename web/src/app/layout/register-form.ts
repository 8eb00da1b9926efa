/** The register dialog's inputs. */
export interface RegisterValues {
  tenantId?: string;
  name?: string;
  account?: string;
  password?: string;
  password2?: string;
}

/**
 * Spec §5, checked in this order: tenant id, account, password (or its confirmation), mismatch.
 * Returns the i18n key of the first failure, or undefined when the form may be sent.
 */
export function registerError(v: RegisterValues): string | undefined {
  if (!v.tenantId?.trim()) return 'shell.registerForm.tenantRequired';
  if (!v.account?.trim()) return 'shell.registerForm.accountRequired';
  if (!v.password || !v.password2) return 'shell.registerForm.passwordRequired';
  if (v.password !== v.password2) return 'shell.registerForm.mismatch';
  return undefined;
}
