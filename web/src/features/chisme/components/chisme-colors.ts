// Card colours: casual blue/green, cotilleo purple/rose, by recognised gender; else neutral.
const male = ['hombre', 'male', 'boy'];
const female = ['mujer', 'female', 'girl'];

export function chismeColor(gender: string, cotilleo: boolean): string {
  const g = gender.trim().toLowerCase();
  if (male.includes(g)) return cotilleo ? 'grape' : 'blue';
  if (female.includes(g)) return cotilleo ? 'rose' : 'green';
  return 'gray';
}
