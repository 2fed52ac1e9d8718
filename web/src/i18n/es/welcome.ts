// The signed-out welcome screen (/login).
export const welcome = {
  title: 'Bienvenido a Chismes',
  intro: 'Comparte y lee chismes de forma anónima.',
  rulesTitle: 'Reglas de la comunidad',
  rules: ['Sé respetuoso y amable.', 'Mantén el contenido anónimo.', 'No compartas información personal.', 'Diviértete y chismea con respeto.'],
  terms: 'Al iniciar sesión aceptas los',
  termsLink: 'términos y la política de privacidad',
  transparencyLink: 'Informe de transparencia',
  signIn: 'Iniciar Sesión',
} as const;
