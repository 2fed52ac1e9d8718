// Relative time labels (spec section 2).
export const time = {
  now: 'Hace un momento',
  minutes: (n: number) => `Hace ${n} min`,
  hours: (n: number) => `Hace ${n} h`,
  days: (n: number) => `Hace ${n} días`,
} as const;
