// The live list of password rules beside a new password (sign-up, "Nueva contraseña", the
// password change); the refusal messages themselves are in auth.ts (spec section 5).
export const passwordRules = {
  title: 'Tu contraseña necesita',
  minLength: (n: number) => `Al menos ${n} caracteres`,
  uppercase: 'Una letra mayúscula',
  digit: 'Un número',
  met: 'cumplido',
  missing: 'falta',
} as const;
