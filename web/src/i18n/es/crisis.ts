// The support card for text about suicide or self-harm, and the readers' link to it.
export const crisis = {
  title: 'No estás sola, no estás solo',
  intro: 'Lo que escribiste suena a que estás pasando por un momento muy difícil. Hablar con alguien puede ayudar, ahora mismo.',
  call: (number: string) => `Llamar al ${number}`,
  fallbackIntro: 'Encuentra una línea de ayuda gratuita en tu país:',
  emergency: 'Si estás en peligro inmediato, llama al número de emergencias de tu país.',
  readerLink: '¿Necesitas hablar?',
  readerIntro: 'Si algo de esto te toca de cerca, hablar con alguien puede ayudar.',
  close: 'Cerrar',
  source: 'Fuente',
} as const;
