// "Sobre Nosotros" modal.
export const about = {
  title: 'Sobre Nosotros',
  body: 'Chismes es una plataforma para compartir y leer chismes de forma anónima y respetuosa. Publica, comenta, responde y reacciona sin revelar quién eres.',
  contactTitle: 'Contacto',
  email: 'contacto@chismes.app',
  social: '@chismes.app',
  website: 'Visita nuestro sitio web',
  websiteUrl: 'https://chismes.app',
  termsTitle: 'Términos y privacidad',
  terms: 'Al usar Chismes aceptas no publicar información personal de nadie. Tu identidad nunca se muestra a otras personas.',
  termsLink: 'Leer los términos y la política de privacidad',
} as const;
